import { useMutation } from '@tanstack/react-query';
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import type { TicketLookup } from './keys';

export interface DelayedCancelRequest extends TicketLookup {
  reasonId: number;
  remarks?: string;
}

/** Files a request for the operator's approval; no money moves yet. A refusal is toasted (callApi). */
export function useDelayedCancel() {
  return useMutation({
    mutationFn: (body: DelayedCancelRequest) => callApi(reservationApi.delayedCancelApproval, { body }),
  });
}
