/**
 * Migration may not turn a ticket that can no longer be cancelled for money
 * into one that can (issue 13, class 2; issue 32, item 1). Two rules, used by
 * the quote (validateTripMigration) and the sale (createReservation MIGRATE):
 *
 * 1. A sold ticket migrates only while it could itself be cancelled under the
 *    fine bands at that moment: its trip OPEN, its boarding time ahead and
 *    inside a band; else MIGRATION_TIME_EXPIRED. An open ticket (no trip)
 *    has no deadline: moving it to a trip is what it is for.
 * 2. The ticket a migration makes never cancels at a smaller fine than its
 *    source would have paid at the moment of migration, nor than its source's
 *    own floor: the larger of the two is stored on the new ticket
 *    (reservations.fine_floor_percent, migration 0015) and read from there by
 *    every cancel, so any number of migrations keeps it; no chain is walked.
 *    An open ticket cannot be cancelled at all, so what it becomes carries
 *    100% (no refund), and so does all that follows from it.
 */
import { ReservationStatus } from '@agent-portal/contract';
import { fineBandFor, hoursBetween, type FineBand } from '../../domain/cancellation';
import { AppError } from '../../http/app-error';
import type { TripContext } from '../trip/types';
import { fineBoardingIndex } from './fines';
import type { ReservationRow } from './rows';

/** The fine (percent) of a ticket that cannot be cancelled: all of it. */
export const NO_REFUND_PERCENT = 100;

/**
 * Refuses what may not migrate now; `trip` is the source's trip (null for an open ticket). Answers the fine floor the
 * ticket it becomes carries: its source's floor, raised to the band the source is in now (100 from an open ticket).
 */
export function assertMigratable(
  source: ReservationRow,
  trip: TripContext | null,
  now: Date,
  bands: readonly FineBand[],
): number {
  if (source.status !== ReservationStatus.SOLD && source.status !== ReservationStatus.OPEN)
    throw new AppError('NOT_PERMITTED', { status: source.status }, 'Only a sold or open reservation can migrate');
  if (source.status === ReservationStatus.OPEN && source.trip_id === null) return NO_REFUND_PERCENT;
  // The same test as cancelling a sold ticket (ticket-operation cancel): closed, departed or under the last band.
  const boarding = trip?.stops[source.from_index]?.time ?? null;
  // The band of the stop it was sold from, even if its boarding point moved later (fines.ts).
  const fineBoarding = trip?.stops[fineBoardingIndex(source)]?.time ?? boarding;
  const band = fineBoarding ? fineBandFor(hoursBetween(now, fineBoarding), bands) : null;
  if (!trip || !boarding || trip.state !== 'OPEN' || now.getTime() >= boarding.getTime() || !band) {
    throw new AppError(
      'MIGRATION_TIME_EXPIRED',
      { boardingTime: boarding?.toISOString() ?? null },
      'The ticket can no longer be cancelled, so it can no longer migrate',
    );
  }
  return Math.min(NO_REFUND_PERCENT, Math.max(source.fine_floor_percent, band.percent));
}
