import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountApi,
  voucherApi,
  type Deposit,
  type DepositListRequest,
  type DepositRequest,
} from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useIdempotentCall } from '../../../lib/api/use-idempotent-call';

export const depositKeys = {
  all: ['deposit'] as const,
  list: (request: DepositListRequest) => ['deposit', 'list', request] as const,
};

/** The deposit requests of the filter, one page, sorted on the server. */
export function useDepositList(request: DepositListRequest) {
  return useQuery({
    queryKey: depositKeys.list(request),
    queryFn: ({ signal }) => callApi(accountApi.depositList, { body: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Requests a deposit with an Idempotency-Key (lib/api/use-idempotent-call:
 * the same key again when the agent retries after no answer, a second submit
 * while one is on its way ignored); the list is refreshed once it is taken.
 */
export function useRequestDeposit() {
  const queryClient = useQueryClient();
  const call = useIdempotentCall(
    (body: DepositRequest, headers) => callApi(accountApi.deposit, { body, headers }),
    () => void queryClient.invalidateQueries({ queryKey: depositKeys.all }),
  );
  return { request: call.run, isPending: call.isPending };
}

/**
 * The deposit's voucher for its receipt: the number the request was given
 * (asking again answers the same voucher, so a reprint keeps it).
 */
export function depositVoucher(deposit: Deposit) {
  return callApi(voucherApi.createVoucher, {
    body: { companyId: deposit.companyId, kind: 'DEPOSIT', referenceId: deposit.transactionId, amount: deposit.amount },
    silent: true,
  });
}
