import { useMutation, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, reservationApi, type RequestBody, type Reservation } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { toApiError } from '../../../lib/api/api-error';
import { callApi } from '../../../lib/api/call-api';
import { IdempotencyKeys } from '../../../lib/idempotency';
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
 * Moves the boarding point to a later stop. Like ticketOperation: an
 * Idempotency-Key per intended change (the same one again after no answer),
 * a second click while one is on its way ignored (null), and a refusal
 * toasted by callApi; the dialog only adds the safe-retry hint.
 */
export function useChangeBoardingPoint() {
  const [keys] = useState(() => new IdempotencyKeys());
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: ChangeBoardingPointBody; key: string }) =>
      callApi(reservationApi.changeBoardingPoint, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  });

  const run = async (body: ChangeBoardingPointBody): Promise<Reservation | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    const key = keys.keyFor(body);
    try {
      const answer = await mutation.mutateAsync({ body, key });
      keys.settle(null);
      return answer;
    } catch (error) {
      const apiError = toApiError(error);
      keys.settle(apiError);
      throw apiError;
    } finally {
      inFlight.current = false;
    }
  };

  return { run, isPending: mutation.isPending };
}
