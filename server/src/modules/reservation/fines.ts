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
 * The fine and return amount of cancelling some sold seats now: the band
 * by hours before the passenger's boarding time, applied per seat on
 * (fare - discount) so a partial cancel and the rest add up to the whole.
 * `floorPercent`: a migrated ticket's smallest fine (migration-rule.ts), so
 * a migration never lowers the fine its source would have paid.
 */
export function quoteCancel(
  seats: readonly ReservationSeatRow[],
  boardingTime: Date | null,
  now: Date,
  bands: readonly FineBand[],
  floorPercent = 0,
): FineQuote {
  const netMinor = seats.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0);
  const inBand = boardingTime ? fineBandFor(hoursBetween(now, boardingTime), bands) : null;
  if (!inBand) return { band: null, netMinor, fineMinor: netMinor, returnMinor: 0 };
  return quoteAtBand(seats, inBand, floorPercent);
}

/**
 * The fine and return amount of cancelling some sold seats at a given band (raised to `floorPercent`), whatever the
 * time.
 */
export function quoteAtBand(seats: readonly ReservationSeatRow[], inBand: FineBand, floorPercent = 0): FineQuote {
  const netMinor = seats.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0);
  const band = floorPercent > inBand.percent ? { minHours: inBand.minHours, percent: floorPercent } : inBand;
  const fine = seats.reduce((sum, s) => sum + fineMinor(s.fare_minor - s.discount_minor, band), 0);
  return { band, netMinor, fineMinor: fine, returnMinor: netMinor - fine };
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
