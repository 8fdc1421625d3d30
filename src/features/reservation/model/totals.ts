/**
 * The running total of the seats chosen so far (the selection summary):
 * indicative, from the trip details' fares, per seat in integer minor units
 * (paisa) with the coupon applied to each seat's fare by the contract's
 * couponDiscountMinor. The preview the agent confirms does not use it: it
 * shows the server's quote (api/fare-quote.ts), priced by the code that charges.
 */
import { couponDiscountMinor, toMajor, toMinor, type Coupon } from '@agent-portal/contract';

export interface PricedSeat {
  name: string;
  fare: number;
}

export interface SeatLine extends PricedSeat {
  discount: number;
  net: number;
}

export interface PreviewTotals {
  lines: SeatLine[];
  fare: number;
  discount: number;
  total: number;
}

export function previewTotals(
  seats: readonly PricedSeat[],
  coupon: Pick<Coupon, 'type' | 'value'> | null,
): PreviewTotals {
  let fareMinor = 0;
  let discountMinor = 0;
  const lines = seats.map((seat) => {
    const seatFare = toMinor(seat.fare);
    const seatDiscount = coupon ? couponDiscountMinor(coupon, seatFare) : 0;
    fareMinor += seatFare;
    discountMinor += seatDiscount;
    return { ...seat, discount: toMajor(seatDiscount), net: toMajor(seatFare - seatDiscount) };
  });
  return {
    lines,
    fare: toMajor(fareMinor),
    discount: toMajor(discountMinor),
    total: toMajor(fareMinor - discountMinor),
  };
}
