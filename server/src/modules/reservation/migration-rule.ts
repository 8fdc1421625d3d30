/**
 * Migration may not turn a ticket that can no longer be cancelled for money
 * into one that can (issue 13, class 2). Two rules, used by the quote
 * (validateTripMigration), the sale (createReservation MIGRATE), the
 * reservation view and the cancellation alike:
 *
 * 1. A sold ticket migrates only while it could itself be cancelled under the
 *    fine bands at that moment: its trip OPEN, its boarding time ahead and
 *    inside a band; else MIGRATION_TIME_EXPIRED. An open ticket (no trip)
 *    has no deadline: moving it to a trip is what it is for.
 * 2. The ticket a migration makes never cancels at a smaller fine than its
 *    source would have paid at the moment of migration: that band's percent
 *    is a floor, carried along a chain of migrations. An open ticket cannot be
 *    cancelled at all, so what it becomes carries 100% (no refund).
 */
import { ReservationStatus } from '@agent-portal/contract';
import type { Unit } from '../../db/units';
import { fineBandFor, hoursBetween, type FineBand } from '../../domain/cancellation';
import { AppError } from '../../http/app-error';
import type { TripService } from '../trip/service';
import type { TripContext } from '../trip/types';
import { fineBoardingIndex } from './fines';
import type { ReservationRow } from './rows';

/** The fine (percent) of a ticket that cannot be cancelled: all of it. */
export const NO_REFUND_PERCENT = 100;
/** Longer chains are not made by the rules above in any real use; the walk stops there. */
const MAX_CHAIN = 50;

/** Refuses what may not migrate now; `trip` is the source's trip (null for an open ticket). */
export function assertMigratable(
  source: ReservationRow,
  trip: TripContext | null,
  now: Date,
  bands: readonly FineBand[],
): void {
  if (source.status !== ReservationStatus.SOLD && source.status !== ReservationStatus.OPEN)
    throw new AppError('NOT_PERMITTED', { status: source.status }, 'Only a sold or open reservation can migrate');
  if (source.status === ReservationStatus.OPEN && source.trip_id === null) return;
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
}

/**
 * The smallest fine percent a migrated ticket cancels at: the band its
 * source was in when it migrated (100 for an open ticket), and its source's
 * own floor; 0 for a ticket that did not come from a migration.
 */
/** How fineFloorPercent finds a migrated ticket's source: the module's repository, or its ReservationRecords port. */
export interface ReservationsByPnr {
  byPnr(pnr: string, uow?: Unit): Promise<ReservationRow | null>;
}

export async function fineFloorPercent(
  row: ReservationRow,
  repo: ReservationsByPnr,
  trips: TripService,
  bands: readonly FineBand[],
  uow?: Unit,
): Promise<number> {
  let floor = 0;
  let current = row;
  for (let depth = 0; depth < MAX_CHAIN && current.kind === 'MIGRATE' && current.reference_pnr; depth += 1) {
    const source = await repo.byPnr(current.reference_pnr, uow);
    if (!source) break;
    floor = Math.max(floor, await percentAt(source, new Date(current.created_at), trips, bands, uow));
    if (floor >= NO_REFUND_PERCENT) return NO_REFUND_PERCENT;
    current = source;
  }
  return floor;
}

/** The fine percent cancelling `source` would have cost at `at`. */
async function percentAt(
  source: ReservationRow,
  at: Date,
  trips: TripService,
  bands: readonly FineBand[],
  uow?: Unit,
): Promise<number> {
  if (source.trip_id === null) return NO_REFUND_PERCENT;
  const boarding = (await trips.get(source.trip_id, uow)).stops[fineBoardingIndex(source)]?.time;
  const band = boarding ? fineBandFor(hoursBetween(at, boarding), bands) : null;
  return band ? band.percent : NO_REFUND_PERCENT;
}
