/**
 * What the modules that change seats or money call, inside their unit, to raise a live event (issue #35). The event
 * reaches the streams only once the unit commits (db/live-bus.ts). A change whose seats are hard to name exactly
 * (a lapse, a cancel, a migration's source, a boarding change) raises `refetch`: the portal refetches the trip.
 */
import type { Database } from '../../db/database';
import { liveBusOf, type LiveSeat } from '../../db/live-bus';
import type { Unit } from '../../db/units';
import type { SegmentRef } from '../trip/types';

/** `names` now in `state` on `segment` of the trip (a lock, a release, a sale, a booking). */
export function raiseSeats(
  db: Database,
  uow: Unit,
  tripId: number,
  changes: readonly { names: readonly string[]; segment: SegmentRef; state: LiveSeat['state'] }[],
): Promise<void> {
  const seats: LiveSeat[] = changes.flatMap(({ names, segment, state }) =>
    names.map((seat) => ({ seat, state, fromOrder: segment.fromIndex, toOrder: segment.toIndex })),
  );
  if (!seats.length) return Promise.resolve();
  return liveBusOf(db).raise(uow, { type: 'trip', tripId, seats });
}

/** The trip's seats changed in a way the portal should read afresh (seats: [], refetch). */
export async function raiseTripRefetch(db: Database, uow: Unit, tripIds: Iterable<number | null>): Promise<void> {
  for (const tripId of new Set(tripIds)) {
    if (tripId !== null) await liveBusOf(db).raise(uow, { type: 'trip', tripId, seats: [], refetch: true });
  }
}

/** The account's balance moved (a sale, a refund, a deposit approved). */
export function raiseBalance(db: Database, uow: Unit, accountId: number): Promise<void> {
  return liveBusOf(db).raise(uow, { type: 'balance', accountId });
}
