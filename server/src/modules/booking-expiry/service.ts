import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { runUnit, type Unit } from '../../db/units';
import { liveBusOf } from '../../db/live-bus';
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
    private readonly db: Database,
    private readonly clock: Clock,
    /** The reservation module writes the bookings, the coupon module their coupon uses. */
    private readonly reservations: ReservationRecords,
    private readonly coupons: CouponService,
  ) {}

  /**
   * Expires lapsed bookings (of one trip, or all); returns how many. In
   * batches: after downtime thousands may have lapsed at once, and one
   * statement for all of them would pass SQLite's limit on bound values.
   * Outside a transaction each batch commits on its own, so sales wait for
   * one batch at most, never for the whole backlog.
   */
  async expire(tripId?: number, uow?: Unit): Promise<number> {
    const now = this.clock.now().toISOString();
    let expired = 0;
    for (;;) {
      const batch = uow
        ? await this.reservations.lapsedBookingsIn(uow, now, EXPIRY_BATCH, tripId)
        : await this.reservations.lapsedBookings(now, EXPIRY_BATCH, tripId);
      if (batch.length === 0) return expired;
      if (uow) await this.expireIn(uow, batch, now);
      else await runUnit(this.db, (unit) => this.expireIn(unit, batch, now));
      expired += batch.length;
      if (batch.length < EXPIRY_BATCH) return expired;
    }
  }

  private async expireIn(uow: Unit, ids: readonly number[], nowIso: string): Promise<void> {
    const expired = await this.reservations.expireBookings(uow, ids, nowIso);
    await this.coupons.releaseUses(uow, ...expired);
    // Live seat maps (issue #35): the lapsed bookings' trips, read afresh once this unit commits.
    if (expired.length)
      await raiseTripRefetch(liveBusOf(this.db), uow, await this.reservations.tripIdsOf(uow, expired));
  }
}
