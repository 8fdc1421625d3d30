import { useQuery } from '@tanstack/react-query';
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { ticketKeys, type TicketLookup } from './keys';

/** A wrong PNR or PIN is toasted (callApi), like every API error. */
export function fetchReservation({ pnr, pin }: TicketLookup) {
  return callApi(reservationApi.byPnrAndPin, { body: { pnr, pin } });
}

/** The reservation with its current fine, return amount and allowed actions. */
export function useReservation(lookup: TicketLookup | null) {
  return useQuery({
    queryKey: ticketKeys.reservation(lookup?.pnr ?? '', lookup?.pin ?? ''),
    queryFn: () => fetchReservation(lookup!),
    enabled: lookup !== null,
    retry: false,
    // The fine changes with the clock: never trust an old answer for money.
    staleTime: 0,
    // The PIN is part of the key: do not keep it around once the screen moved on.
    gcTime: 60_000,
  });
}
