import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi, IDEMPOTENCY_HEADER, voucherApi, type Deposit, type DepositListRequest, type DepositRequest } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { toApiError } from '../../../lib/api/api-error';
import { callApi } from '../../../lib/api/call-api';
import { IdempotencyKeys } from '../../../lib/idempotency';

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
 * Requests a deposit with an Idempotency-Key (the same one again when the
 * agent retries after no answer). Silent: the form shows field errors, the
 * caller the rest. A second submit while one is on its way is ignored.
 */
export function useRequestDeposit() {
  const [keys] = useState(() => new IdempotencyKeys());
  const inFlight = useRef(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: DepositRequest; key: string }) =>
      callApi(accountApi.deposit, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositKeys.all }),
  });
  const request = async (body: DepositRequest) => {
    if (inFlight.current) return null;
    inFlight.current = true;
    try {
      const answer = await mutation.mutateAsync({ body, key: keys.keyFor(body) });
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
  return { request, isPending: mutation.isPending };
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
