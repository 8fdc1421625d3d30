/**
 * Lapses on live seat maps (issue #35): a seat lock or a booking that runs out changes what a seat map should show
 * without any write at that moment. The hub keeps, per followed trip, when its next lock or booking runs out (lapsesAt
 * of the events, or read here when a trip gets its first follower) and calls `lapse` then. `lapse` makes the lapse a
 * committed change like any other, so its event gets the trip's next version from the database and the portal's gap
 * rule holds: the trip's lapsed locks are deleted (their seats raised FREE) and its lapsed bookings expired (raised as
 * a refetch, booking-expiry's own event). Every process with followers of the trip may run it at once: the delete
 * lets one of them find the locks, the others find none and raise nothing.
 */
import type { LiveBus } from '../../db/live-bus';
import type { Units } from '../../db/units';
import { segmentsOverlap } from '../../domain/segments';
import type { Clock } from '../../lib/clock';
import type { BookingExpiryService } from '../booking-expiry/service';
import { LapseRepository } from './lapse-repository';
import { raiseSeats, raiseTripRefetch } from './raise';

/**
 * How long a lapsed lock is left to the lapse watch before the lock path's own clean-up may delete it (silently): far
 * more than the watch takes to see a lapse on a followed trip (its timer, or the hub's sweep every 2 s).
 */
export const LAPSE_GRACE_MS = 10_000;

export class LapseService {
  constructor(
    private readonly units: Units,
    private readonly bus: LiveBus,
    private readonly clock: Clock,
    private readonly expiry: BookingExpiryService,
  ) {}

  /** When (ms since the epoch) the trip's next lock or booking runs out, lapsed ones included; null when none. */
  async nextLapse(tripId: number): Promise<number | null> {
    const at = await this.units.read((r) => r.repo(LapseRepository).nextExpiry(tripId));
    return at === null ? null : Date.parse(at);
  }

  /** Takes away what has lapsed on the trip by now, raising its events; answers the trip's next lapse. */
  async lapse(tripId: number): Promise<number | null> {
    const now = this.clock.now().toISOString();
    const bus = this.bus;
    await this.units.run(async (uow) => {
      // PostgreSQL: after any unit that is changing the trip's seats now, before the next (their events stay in
      // the order of their versions: a seat locked again meanwhile is seen below, never freed after it).
      await uow.lockRow('trips', tripId);
      const gone = await uow.repo(LapseRepository).deleteLapsedLocks(tripId, now);
      if (gone.length) {
        const freed = gone.map((l) => ({ seatName: l.seat_name, fromIndex: l.from_index, toIndex: l.to_index }));
        const holds = await uow.repo(LapseRepository).holdsOf(tripId, now, [...new Set(gone.map((l) => l.seat_name))]);
        // A lapsed lock's seat that something else now holds on part of its segment: the seat map is read afresh
        // (its state on that segment is not one state); otherwise the segment is FREE.
        if (freed.some((f) => holds.some((h) => h.seatName === f.seatName && segmentsOverlap(h, f))))
          await raiseTripRefetch(bus, uow, [tripId]);
        else
          await raiseSeats(
            bus,
            uow,
            tripId,
            freed.map((f) => ({ names: [f.seatName], segment: f, state: 'FREE' as const })),
          );
      }
      await this.expiry.expireIn(uow, tripId);
    });
    return this.nextLapse(tripId);
  }
}
