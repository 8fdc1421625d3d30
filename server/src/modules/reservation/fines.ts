import { ReservationStatus } from '@agent-portal/contract';
import { fineBandFor, fineMinor, hoursBetween, type FineBand } from '../../domain/cancellation';
import type { ReservationSeatRow } from './rows';

export interface FineQuote {
  /** null: under the last band, cancelling is closed. */
  band: FineBand | null;
  netMinor: number;
  fineMinor: number;
  returnMinor: number;
}

/**
 * A ticket's refund terms, as stored on its reservation (migration 0015), so no rule walks a chain to find them.
 * `floorPercent`: the smallest fine it cancels at (reservations.fine_floor_percent: 0 for a sale, 100 for an open
 * ticket, never lowered by a migration, migration-rule.ts). `heldMinor`: the money its lineage has paid and not had
 * back (reservations.charged_minor: a migration carries what its source held, a refund takes from it), the most any
 * refund may return, whatever the seats' fares.
 */
export interface RefundTerms {
  floorPercent: number;
  heldMinor: number;
}

export function termsOf(row: { fine_floor_percent: number; charged_minor: number }): RefundTerms {
  return { floorPercent: row.fine_floor_percent, heldMinor: row.charged_minor };
}

/**
 * The fine and return amount of cancelling some sold seats now: the band
 * by hours before the passenger's boarding time, applied per seat on
 * (fare - discount) so a partial cancel and the rest add up to the whole,
 * never under the ticket's floor and never returning more than it holds.
 */
export function quoteCancel(
  seats: readonly ReservationSeatRow[],
  boardingTime: Date | null,
  now: Date,
  bands: readonly FineBand[],
  terms: RefundTerms,
): FineQuote {
  const netMinor = seats.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0);
  const inBand = boardingTime ? fineBandFor(hoursBetween(now, boardingTime), bands) : null;
  if (!inBand) return { band: null, netMinor, fineMinor: netMinor, returnMinor: 0 };
  return quoteAtBand(seats, inBand, terms);
}

/**
 * The fine and return amount of cancelling some sold seats at a given band (raised to the terms' floor), whatever
 * the time, the return held to what the ticket holds.
 */
export function quoteAtBand(seats: readonly ReservationSeatRow[], inBand: FineBand, terms: RefundTerms): FineQuote {
  const netMinor = seats.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0);
  const floor = Math.min(terms.floorPercent, 100);
  const band = floor > inBand.percent ? { minHours: inBand.minHours, percent: floor } : inBand;
  const byBand = netMinor - seats.reduce((sum, s) => sum + fineMinor(s.fare_minor - s.discount_minor, band), 0);
  const returnMinor = Math.max(0, Math.min(byBand, terms.heldMinor));
  return { band, netMinor, fineMinor: netMinor - returnMinor, returnMinor };
}

/**
 * The band an approved delayed-cancel request is refunded by: the rule book
 * says nothing of it, so the last band, the one with the largest fine (by
 * default 50% from 6 h). The request was filed under that band, so the
 * passenger pays at least what the latest ordinary cancel would have kept.
 */
export function largestFineBand(bands: readonly FineBand[]): FineBand {
  const [first, ...rest] = bands;
  if (!first) throw new Error('no cancellation fine bands configured');
  return rest.reduce(
    (worst, b) =>
      b.percent > worst.percent || (b.percent === worst.percent && b.minHours < worst.minHours) ? b : worst,
    first,
  );
}

/**
 * The stop a ticket's cancellation terms are timed from: the stop it was
 * sold from, even after its boarding point moved later (migration 0014,
 * ticket-operation/boarding-point.ts). The fine band, the cancellation and
 * delayed-cancel cut-offs and the migration deadline count the hours to
 * that stop's time; whether the coach has left is still the boarding point's.
 */
export function fineBoardingIndex(row: { from_index: number; fine_from_index: number | null }): number {
  return row.fine_from_index ?? row.from_index;
}

/** Statuses whose seats hold a place on the coach. */
export const HOLDING_STATUSES: readonly number[] = [
  ReservationStatus.SOLD,
  ReservationStatus.BOOKED,
  ReservationStatus.ADMIN_BOOKED,
  ReservationStatus.LINKED,
  ReservationStatus.OPEN,
];
