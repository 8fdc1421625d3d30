import { useQuery } from '@tanstack/react-query';
import { reservationByPnrAndPin } from '../../../lib/queries/reservation';
import { ticketKeys, type TicketLookup } from './keys';

/** The reservation with its current fine, return amount and allowed actions. */
export function useReservation(lookup: TicketLookup | null) {
  return useQuery({
    queryKey: ticketKeys.reservation(lookup?.pnr ?? '', lookup?.pin ?? ''),
    queryFn: () => reservationByPnrAndPin(lookup!.pnr, lookup!.pin),
    enabled: lookup !== null,
    retry: false,
    // The fine changes with the clock: never trust an old answer for money.
    staleTime: 0,
    // The PIN is part of the key: do not keep it around once the screen moved on.
    gcTime: 60_000,
  });
}
