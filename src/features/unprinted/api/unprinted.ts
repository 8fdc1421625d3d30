import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reservationApi, unprintedApi, type Reservation } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export const unprintedKeys = {
  all: ['unprinted'] as const,
  list: (companyId: number, page: number, pageSize: number, includeDeparted: boolean) =>
    ['unprinted', companyId, page, pageSize, includeDeparted] as const,
};

/** The agent's unprinted tickets; those whose coach has left only when asked (`includeDeparted`). */
export function useUnprinted(companyId: number, page: number, pageSize: number, includeDeparted = false) {
  return useQuery({
    queryKey: unprintedKeys.list(companyId, page, pageSize, includeDeparted),
    queryFn: ({ signal }) =>
      callApi(unprintedApi.list, {
        body: { companyId, page, pageSize, ...(includeDeparted ? { includeDeparted } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The server gives at most this many tickets per call. */
const PRINTABLE_BATCH = 100;

/**
 * The full reservations the chosen tickets are printed from (the unprinted
 * list carries a summary only), any user of the agent's, asked by PNR.
 */
export async function fetchPrintable(companyId: number, pnrs: readonly string[]): Promise<Map<string, Reservation>> {
  const tickets = new Map<string, Reservation>();
  for (let start = 0; start < pnrs.length; start += PRINTABLE_BATCH) {
    const batch = pnrs.slice(start, start + PRINTABLE_BATCH);
    // A refusal is toasted (callApi); the rows it left unloaded say so each.
    const found = await callApi(reservationApi.printable, { body: { companyId, pnrs: batch } });
    for (const ticket of found) tickets.set(ticket.pnr, ticket);
  }
  return tickets;
}
