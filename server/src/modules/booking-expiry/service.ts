import type { Clock } from '../../lib/clock';
import type { Unit, Units } from '../../db/units';
import { raiseTripRefetch } from '../live/raise';
import type { CouponService } from '../coupon/service';
import type { ReservationRecords } from '../reservation/records';

/** Bookings expired per statement: 500 history rows bind 3,500 values, far below SQLite's 32,766. */
const EXPIRY_BATCH = 500;

/**
 * Bookings lapse at their expiry: status 5 and their seats freed. Done
 * lazily before every read or write that looks at seats (so a lapsed
 * booking never blocks a sale) and by a periodic sweep (so lists and
 * reports catch up even on a quiet trip).
 */
export class BookingExpiryService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    /** The reservation module writes the bookings, the coupon module their coupon uses. */
    private readonly reservations: ReservationRecords,
    private readonly coupons: CouponService,
  ) {}

  /**
   * Expires lapsed bookings (of one trip, or all) outside any unit; returns how many. In batches: after downtime
   * thousands may have lapsed at once, and one statement for all of them would pass SQLite's limit on bound values.
   * Each batch is a unit of its own, so sales wait for one batch at most, never for the whole backlog.
   */
  expire(tripId?: number): Promise<number> {
    const now = this.clock.now().toISOString();
    return this.batches(
      () => this.reservations.lapsedBookings(now, EXPIRY_BATCH, tripId),
      (ids) => this.units.run((unit) => this.expireBatch(unit, ids, now)),
    );
  }

  /** Expires lapsed bookings (of one trip, or all) inside the caller's unit (a lock or sale); returns how many. */
  expireIn(uow: Unit, tripId?: number): Promise<number> {
    const now = this.clock.now().toISOString();
    return this.batches(
      () => this.reservations.lapsedBookingsIn(uow, now, EXPIRY_BATCH, tripId),
      (ids) => this.expireBatch(uow, ids, now),
    );
  }

  /** Reads the next batch of lapsed bookings and expires it, until none is left. */
  private async batches(
    lapsed: () => Promise<number[]>,
    expire: (ids: readonly number[]) => Promise<void>,
  ): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await lapsed();
      if (batch.length === 0) return expired;
      await expire(batch);
      expired += batch.length;
      if (batch.length < EXPIRY_BATCH) return expired;
    }
  }

  private async expireBatch(uow: Unit, ids: readonly number[], nowIso: string): Promise<void> {
    const expired = await this.reservations.expireBookings(uow, ids, nowIso);
    await this.coupons.releaseUses(uow, ...expired);
    // Live seat maps (issue #35): the lapsed bookings' trips, read afresh once this unit commits.
    if (expired.length) await raiseTripRefetch(this.units.live, uow, await this.reservations.tripIdsOf(uow, expired));
  }
}
