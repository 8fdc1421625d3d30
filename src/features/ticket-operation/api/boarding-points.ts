import { useQuery } from '@tanstack/react-query';
import { reservationApi, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useIdempotentCall } from '../../../lib/api/use-idempotent-call';
import { ticketKeys } from './keys';

export type ChangeBoardingPointBody = RequestBody<typeof reservationApi.changeBoardingPoint>;

/**
 * The stops of the reservation's trip a passenger can board at (all but the
 * last), each with its time. Silent: without it the screen still shows the
 * reservation's own boarding point and time, and only offers no change.
 */
export function useBoardingPoints(pnr: string | null) {
  return useQuery({
    queryKey: ticketKeys.boardingPoints(pnr ?? ''),
    queryFn: () => callApi(reservationApi.boardingListByPnr, { body: { pnr: pnr! }, silent: true }),
    enabled: pnr !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Moves the boarding point to a later stop, with an Idempotency-Key like
 * ticketOperation (lib/api/use-idempotent-call); a refusal is toasted by
 * callApi, the dialog only adds the safe-retry hint.
 */
export function useChangeBoardingPoint() {
  return useIdempotentCall((body: ChangeBoardingPointBody, headers) =>
    callApi(reservationApi.changeBoardingPoint, { body, headers }),
  );
}
