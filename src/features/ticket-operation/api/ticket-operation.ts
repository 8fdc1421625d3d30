import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, reservationApi, type RequestBody, type Reservation } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { toApiError } from '../../../lib/api/api-error';
import { callApi } from '../../../lib/api/call-api';
import { IdempotencyKeys } from '../../../lib/idempotency';

export type TicketOperationBody = RequestBody<typeof reservationApi.ticketOperation>;

/**
 * Confirm, cancel or extend (the money-moving call). Every request carries an
 * Idempotency-Key, the same one again when the agent retries after no answer
 * came back. A second click while one is on its way is ignored (resolves
 * null), before React has even re-rendered the disabled button.
 * A refusal is toasted (callApi); the dialogs only react to it (new figures, retry hint).
 */
export function useTicketOperation() {
  const [keys] = useState(() => new IdempotencyKeys());
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: TicketOperationBody; key: string }) =>
      callApi(reservationApi.ticketOperation, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  });

  const run = async (body: TicketOperationBody): Promise<Reservation | null> => {
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
