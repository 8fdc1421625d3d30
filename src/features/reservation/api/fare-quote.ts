/**
 * The server's price of a sale before it is made (POST /api/reservation/quote):
 * every preview with money (trip sale, booking, open ticket) shows the
 * server's figures, priced by the same code the sale is charged by, so the
 * agent never confirms a total the sale will not charge.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reservationApi, type FareQuote, type FareQuoteRequest } from '@agent-portal/contract';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { callApi } from '../../../lib/api/call-api';
import type { PreviewTotals } from '../model/totals';
import { reservationKeys } from './keys';

/** A refused quote is toasted (callApi); the preview then offers no sale and says so, without repeating the reason. */
export const fetchFareQuote = (body: FareQuoteRequest, signal?: AbortSignal) =>
  callApi(reservationApi.quote, { body, ...(signal ? { signal } : {}) });

export const fareQuoteQuery = (body: FareQuoteRequest) =>
  queryOptions({
    queryKey: reservationKeys.fareQuote(body),
    queryFn: ({ signal }) => fetchFareQuote(body, signal),
    // A coupon's uses and fares change at the counter: every preview asks again (the cached answer shows meanwhile,
    // confirm waits).
    staleTime: 0,
    retry: false,
  });

/** The key of the disabled query while there is nothing to quote (never sent). */
const NOTHING_TO_QUOTE: FareQuoteRequest = {
  companyId: 1,
  kind: 'OPEN',
  originStationId: 1,
  destinationStationId: 1,
  routeId: 1,
  seatType: 'Standard',
  seatCount: 1,
};

/** null: nothing to quote yet (the form is not complete). */
export const useFareQuote = (body: FareQuoteRequest | null, opts: { keepPrevious?: boolean } = {}) =>
  useQuery({
    ...fareQuoteQuery(body ?? NOTHING_TO_QUOTE),
    enabled: body !== null,
    ...(opts.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });

/** The preview's money table from a quote; open seats are all called OPEN, so each line is numbered. */
export function quoteTotals(quote: FareQuote): PreviewTotals {
  const numbered = quote.seats.every((s) => s.name === quote.seats[0]?.name) && quote.seats.length > 1;
  return {
    lines: quote.seats.map((s, i) => ({
      name: numbered ? `${s.name} ${i + 1}` : s.name,
      fare: s.fare,
      discount: s.discount,
      net: s.net,
    })),
    fare: quote.fare,
    discount: quote.discount,
    total: quote.total,
  };
}

export interface PreviewQuote {
  /** The server's figures; null while asking, after a refusal, or with nothing to quote. */
  totals: PreviewTotals | null;
  /** What the agent's account is debited (0 for a booking). */
  charge: number | null;
  loading: boolean;
  error: ApiError | null;
  /** Confirm only on figures the server has just given (not a cached answer being checked again). */
  ready: boolean;
}

/** A preview's quote as the preview shows it: null body, nothing to quote (a migration is priced by its own call). */
export function usePreviewQuote(body: FareQuoteRequest | null): PreviewQuote {
  const quote = useFareQuote(body);
  if (!body) return { totals: null, charge: null, loading: false, error: null, ready: true };
  const error = quote.isError ? toApiError(quote.error) : null;
  const data = error ? null : (quote.data ?? null);
  return {
    totals: data ? quoteTotals(data) : null,
    charge: data?.charge ?? null,
    loading: !error && !data,
    error,
    ready: data !== null && !quote.isFetching,
  };
}
