/**
 * What a sale costs, in one place for createReservation and the fare quote
 * (POST /api/reservation/quote): which fare each seat takes, how a coupon
 * discounts it, and what the agent's account is debited. The quote calls
 * the same functions the sale does, so the preview never shows a total the
 * sale will not charge.
 */
import { couponDiscountMinor, OPEN_SEAT_NAME, type SeatType } from '@agent-portal/contract';
import { AppError, fieldError } from '../lib/app-error';
import type { Segment } from './segments';

export interface SeatDraft {
  name: string;
  seatType: SeatType;
  fareMinor: number;
}

export interface PricedSeat extends SeatDraft {
  discountMinor: number;
}

export interface PricedSale {
  seats: PricedSeat[];
  fareMinor: number;
  discountMinor: number;
  /** fare - discount: what a full sale charges. */
  netMinor: number;
}

/** NONE: a booking; FULL: a sale; a migration pays only what exceeds what the old one was charged. */
export type ChargeMode = 'NONE' | 'FULL' | { alreadyPaidMinor: number };

/** A trip's seats with the fare of each one's seat type on the segment; a seat without one is not for sale. */
export function tripSeatDrafts(
  names: readonly string[],
  layoutSeats: readonly { name: string; seatType: SeatType }[],
  fareOf: (seatType: SeatType) => number | null,
): SeatDraft[] {
  return names.map((name) => {
    const seatType = layoutSeats.find((s) => s.name === name)?.seatType;
    const fare = seatType ? fareOf(seatType) : null;
    if (!seatType || fare === null)
      throw new AppError('TRIP_NOT_RESERVABLE', { seat: name }, 'No fare for this seat on this segment');
    return { name, seatType, fareMinor: fare };
  });
}

/**
 * An open ticket's segment on its route: the route must be one of the
 * agent's, the stops forward along it, the origin not barred.
 */
export function openTicketSegment(
  q: { routeId: number; originStationId: number; destinationStationId: number },
  settings: { assignedRoutes: readonly { id: number }[]; barredOrigins: readonly { stationId: number }[] },
  stops: readonly { stationId: number; index: number }[],
): Segment {
  if (!settings.assignedRoutes.some((r) => r.id === q.routeId))
    throw new AppError('TRIP_NOT_ALLOWED', { routeId: q.routeId });
  if (q.originStationId === q.destinationStationId) throw new AppError('SAME_ORIGIN_DESTINATION');
  const from = stops.find((s) => s.stationId === q.originStationId);
  const to = stops.find((s) => s.stationId === q.destinationStationId);
  if (!from || !to || to.index <= from.index)
    throw fieldError({ destinationStationId: 'the route does not run from the origin to this station' });
  if (settings.barredOrigins.some((o) => o.stationId === q.originStationId))
    throw new AppError('ORIGIN_NOT_ALLOWED', { stationId: q.originStationId });
  return { fromIndex: from.index, toIndex: to.index };
}

/**
 * An open ticket has no coach: it takes the route's lowest fare of the seat type on the segment (fares come lowest
 * first).
 */
export function openTicketDrafts(
  routeFares: readonly { fromIndex: number; toIndex: number; seatType: SeatType; fareMinor: number }[],
  segment: Segment,
  seatType: SeatType,
  seatCount: number,
): SeatDraft[] {
  const fare = routeFares.find(
    (f) => f.seatType === seatType && f.fromIndex === segment.fromIndex && f.toIndex === segment.toIndex,
  )?.fareMinor;
  if (fare === undefined) throw fieldError({ seatType: 'no fare for this seat type on this route' });
  return Array.from({ length: seatCount }, () => ({ name: OPEN_SEAT_NAME, seatType, fareMinor: fare }));
}

/** Each seat's coupon discount (never more than its fare) and the sums. */
export function priceSeats(
  drafts: readonly SeatDraft[],
  coupon: { type: 'FIXED' | 'PERCENT'; value: number } | null,
): PricedSale {
  const seats = drafts.map((d) => ({ ...d, discountMinor: coupon ? couponDiscountMinor(coupon, d.fareMinor) : 0 }));
  const fareMinor = seats.reduce((sum, s) => sum + s.fareMinor, 0);
  const discountMinor = seats.reduce((sum, s) => sum + s.discountMinor, 0);
  return { seats, fareMinor, discountMinor, netMinor: fareMinor - discountMinor };
}

/** What the agent's account is debited for a sale of this net amount. */
export function chargeMinorOf(netMinor: number, charge: ChargeMode): number {
  return charge === 'NONE' ? 0 : charge === 'FULL' ? netMinor : Math.max(0, netMinor - charge.alreadyPaidMinor);
}
