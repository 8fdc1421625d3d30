/**
 * The server's price of a sale before it is made (POST /api/reservation/quote):
 * the open-ticket preview has no seat map to read fares from, so it shows
 * the server's figures, priced by the same code the sale is charged by.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reservationApi, type FareQuote, type FareQuoteRequest } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import type { PreviewTotals } from '../model/totals';
import { reservationKeys } from './keys';

/** Silent: the preview shows a failed quote in place, and offers no sale then. */
export const fetchFareQuote = (body: FareQuoteRequest, signal?: AbortSignal) => callApi(reservationApi.quote, { body, silent: true, ...(signal ? { signal } : {}) });

export const fareQuoteQuery = (body: FareQuoteRequest) =>
  queryOptions({
    queryKey: reservationKeys.fareQuote(body),
    queryFn: ({ signal }) => fetchFareQuote(body, signal),
    // A coupon's uses and fares change at the counter: every preview asks again (the cached answer shows meanwhile, confirm waits).
    staleTime: 0,
    retry: false,
  });

/** null: nothing to quote yet (the form is not complete). */
export const useFareQuote = (body: FareQuoteRequest | null, opts: { keepPrevious?: boolean } = {}) =>
  useQuery({
    ...fareQuoteQuery(body ?? { companyId: 1, kind: 'OPEN', originStationId: 1, destinationStationId: 1 }),
    enabled: body !== null,
    ...(opts.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });

/** The preview's money table from a quote; open seats are all called OPEN, so each line is numbered. */
export function quoteTotals(quote: FareQuote): PreviewTotals {
  const numbered = quote.seats.every((s) => s.name === quote.seats[0]?.name) && quote.seats.length > 1;
  return {
    lines: quote.seats.map((s, i) => ({ name: numbered ? `${s.name} ${i + 1}` : s.name, fare: s.fare, discount: s.discount, net: s.net })),
    fare: quote.fare,
    discount: quote.discount,
    total: quote.total,
  };
}
