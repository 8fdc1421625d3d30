/**
 * Cancellation fines for sold tickets by hours before the passenger's
 * boarding time (by default 10% kept from 48 h, 25% from 24 h, 50% from 6 h;
 * closed under 6 h). The bands are settings (CANCEL_FINE_BANDS); these functions
 * only apply them.
 */
export interface FineBand {
  /** The band applies when hoursBefore >= minHours. */
  minHours: number;
  /** Percent of (fare - discount) kept as the fine. */
  percent: number;
}

/** Bands sorted by minHours descending; below the last band cancelling is closed. */
export function fineBandFor(hoursBefore: number, bands: readonly FineBand[]): FineBand | null {
  const sorted = [...bands].sort((a, b) => b.minHours - a.minHours);
  return sorted.find((band) => hoursBefore >= band.minHours) ?? null;
}

/** Fine in minor units for a net fare (fare - discount), rounded to the paisa. */
export const fineMinor = (netFareMinor: number, band: FineBand): number =>
  Math.round((netFareMinor * band.percent) / 100);

export const hoursBetween = (from: Date, to: Date): number => (to.getTime() - from.getTime()) / 3_600_000;
