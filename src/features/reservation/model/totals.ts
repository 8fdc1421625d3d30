/**
 * The money of a reservation preview, computed the way the server charges it:
 * per seat in integer minor units (paisa), the coupon applied to each seat's
 * fare with the contract's couponDiscountMinor, so the preview never shows a
 * total the sale will not charge.
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

export function previewTotals(seats: readonly PricedSeat[], coupon: Pick<Coupon, 'type' | 'value'> | null): PreviewTotals {
  let fareMinor = 0;
  let discountMinor = 0;
  const lines = seats.map((seat) => {
    const seatFare = toMinor(seat.fare);
    const seatDiscount = coupon ? couponDiscountMinor(coupon, seatFare) : 0;
    fareMinor += seatFare;
    discountMinor += seatDiscount;
    return { ...seat, discount: toMajor(seatDiscount), net: toMajor(seatFare - seatDiscount) };
  });
  return { lines, fare: toMajor(fareMinor), discount: toMajor(discountMinor), total: toMajor(fareMinor - discountMinor) };
}
