import { useMutation } from '@tanstack/react-query';
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

/** Sends a new PIN to the passenger's phone; the old one stops working. */
export function useResendPin() {
  return useMutation({
    mutationFn: (pnr: string) => callApi(reservationApi.resendPin, { body: { pnr } }),
  });
}
