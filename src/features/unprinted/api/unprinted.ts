import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reservationApi, unprintedApi, type Reservation } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export const unprintedKeys = {
  all: ['unprinted'] as const,
  list: (companyId: number, page: number, pageSize: number) => ['unprinted', companyId, page, pageSize] as const,
};

export function useUnprinted(companyId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: unprintedKeys.list(companyId, page, pageSize),
    queryFn: ({ signal }) => callApi(unprintedApi.list, { body: { companyId, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many of the caller's latest reservations the server gives at most. */
const RECENT_LIMIT = 100;

/**
 * The full reservations a ticket is printed from. The unprinted list carries
 * a summary only, and a reservation without its PIN comes only from the
 * caller's recent list (see the report: the contract wants a full view here).
 */
export async function fetchPrintable(companyId: number): Promise<Map<string, Reservation>> {
  const recent = await callApi(reservationApi.recent, { params: { companyId, limit: RECENT_LIMIT }, silent: true });
  return new Map(recent.map((r) => [r.pnr, r]));
}

/** Records a print with the server; the printer calls it only once the ticket printed. */
export function recordPrint(pnr: string, printType: 'ORIGINAL' | 'REPRINT') {
  return callApi(reservationApi.savePrintAction, { params: { pnr, printType }, silent: true });
}
