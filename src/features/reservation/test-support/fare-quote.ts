import type { FareQuote, FareQuoteRequest } from '@agent-portal/contract';
import type { Handler } from '../../../test/fake-http';

/**
 * The quote of the fixture trip's seats (all Business at 1,320.00) as the server prices it: PCT10 takes 10% off each
 * seat.
 */
export function tripQuote(body: FareQuoteRequest): FareQuote {
  const names = body.seats ?? [];
  const perSeatDiscount = body.couponCode === 'PCT10' ? 132 : 0;
  const seats = names.map((name) => ({
    name,
    seatType: 'Business' as const,
    fare: 1320,
    discount: perSeatDiscount,
    net: 1320 - perSeatDiscount,
  }));
  const fare = 1320 * names.length;
  const discount = perSeatDiscount * names.length;
  return {
    seats,
    fare,
    discount,
    total: fare - discount,
    charge: body.kind === 'BOOK' ? 0 : fare - discount,
    commission: 0,
    coupon: null,
  };
}

/** Answers POST /api/reservation/quote; `gate` holds the answer back until it resolves (to see the preview wait). */
export const quoteHandler =
  (gate?: Promise<void>): Handler =>
  async (request) => {
    await gate;
    return { status: 200, data: tripQuote(JSON.parse(String(request.data)) as FareQuoteRequest) };
  };
