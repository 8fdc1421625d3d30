/**
 * What the modules that change seats or money call inside their unit, with the Units port's bus (units.live), to
 * raise a live event (issue #35). It reaches the streams only once the unit commits (db/live-bus.ts). A change whose
 * seats are hard to name exactly (a booking's lapse, a migration's source, a boarding change) raises `refetch`: the
 * portal reads the trip afresh.
 */
import type { LiveBus, LiveSeat } from '../../db/live-bus';
import type { Unit } from '../../db/units';
import type { SegmentRef } from '../trip/types';

/** `names` now in `state` on `segment` of the trip (a lock, a release, a sale, a booking). */
export function raiseSeats(
  bus: LiveBus,
  uow: Unit,
  tripId: number,
  changes: readonly { names: readonly string[]; segment: SegmentRef; state: LiveSeat['state'] }[],
  /** When the locks or the booking this change made run out (ISO): the streams' hub frees them then (lapses.ts). */
  lapsesAt?: string | null,
): Promise<void> {
  const seats: LiveSeat[] = changes.flatMap(({ names, segment, state }) =>
    names.map((seat) => ({ seat, state, fromOrder: segment.fromIndex, toOrder: segment.toIndex })),
  );
  if (!seats.length) return Promise.resolve();
  return bus.raise(uow, lapsesAt ? { type: 'trip', tripId, seats, lapsesAt } : { type: 'trip', tripId, seats });
}

/** The trip's seats changed in a way the portal should read afresh (seats: [], refetch). */
export async function raiseTripRefetch(bus: LiveBus, uow: Unit, tripIds: Iterable<number | null>): Promise<void> {
  for (const tripId of new Set(tripIds)) {
    if (tripId !== null) await bus.raise(uow, { type: 'trip', tripId, seats: [], refetch: true });
  }
}

/** The account's balance moved to `balanceMinor` (a sale, a refund, a deposit approved). */
export function raiseBalance(bus: LiveBus, uow: Unit, accountId: number, balanceMinor: number): Promise<void> {
  return bus.raise(uow, { type: 'balance', accountId, balanceMinor });
}
