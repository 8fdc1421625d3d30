import { reservationApi, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useIdempotentCall } from '../../../lib/api/use-idempotent-call';

export type TicketOperationBody = RequestBody<typeof reservationApi.ticketOperation>;

/**
 * Confirm, cancel or extend (the money-moving call), with an Idempotency-Key
 * (lib/api/use-idempotent-call). A refusal is toasted (callApi); the dialogs
 * only react to it (new figures, retry hint).
 */
export function useTicketOperation() {
  return useIdempotentCall((body: TicketOperationBody, headers) =>
    callApi(reservationApi.ticketOperation, { body, headers }),
  );
}
