import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  accountApi,
  type Transaction,
  type TransactionPage,
  type TransactionSearchRequest,
} from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export const transactionKeys = {
  all: ['transaction'] as const,
  search: (request: TransactionSearchRequest) => ['transaction', 'search', request] as const,
};

export function fetchTransactions(request: TransactionSearchRequest, signal?: AbortSignal): Promise<TransactionPage> {
  return callApi(accountApi.searchTransactions, { body: request, signal });
}

export function useTransactions(request: TransactionSearchRequest) {
  return useQuery({
    queryKey: transactionKeys.search(request),
    queryFn: ({ signal }) => fetchTransactions(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** The largest page the server gives. */
export const EXPORT_PAGE_SIZE = 500;

/** Every row of a filter, fetched page by page (for export and print), with the totals. */
export async function fetchAllTransactions(
  request: Omit<TransactionSearchRequest, 'page' | 'pageSize'>,
  fetchPage: (r: TransactionSearchRequest) => Promise<TransactionPage> = (r) => fetchTransactions(r),
): Promise<{ rows: Transaction[]; totals: TransactionPage['totals'] }> {
  const first = await fetchPage({ ...request, page: 1, pageSize: EXPORT_PAGE_SIZE });
  const rows = [...first.items];
  const pages = Math.ceil(first.total / EXPORT_PAGE_SIZE);
  for (let page = 2; page <= pages; page += 1)
    rows.push(...(await fetchPage({ ...request, page, pageSize: EXPORT_PAGE_SIZE })).items);
  return { rows, totals: first.totals };
}
