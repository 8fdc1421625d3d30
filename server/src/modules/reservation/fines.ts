import { ReservationStatus } from '@agent-portal/contract';
import { fineBandFor, fineMinor, hoursBetween, type FineBand } from '../../domain/cancellation';
import type { ReservationSeatRow } from './repository';

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
export function quoteCancel(seats: readonly ReservationSeatRow[], boardingTime: Date | null, now: Date, bands: readonly FineBand[], floorPercent = 0): FineQuote {
  const netMinor = seats.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0);
  const inBand = boardingTime ? fineBandFor(hoursBetween(now, boardingTime), bands) : null;
  if (!inBand) return { band: null, netMinor, fineMinor: netMinor, returnMinor: 0 };
  const band = floorPercent > inBand.percent ? { minHours: inBand.minHours, percent: floorPercent } : inBand;
  const fine = seats.reduce((sum, s) => sum + fineMinor(s.fare_minor - s.discount_minor, band), 0);
  return { band, netMinor, fineMinor: fine, returnMinor: netMinor - fine };
}

/** Statuses whose seats hold a place on the coach. */
export const HOLDING_STATUSES: readonly number[] = [ReservationStatus.SOLD, ReservationStatus.BOOKED, ReservationStatus.ADMIN_BOOKED, ReservationStatus.LINKED, ReservationStatus.OPEN];
