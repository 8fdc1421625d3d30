import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { BookingExpiryRepository } from './repository';
import { runUnit } from '../../db/units';

/** Bookings expired per statement: 500 history rows bind 3,500 values, far below SQLite's 32,766. */
const EXPIRY_BATCH = 500;

/**
 * Bookings lapse at their expiry: status 5 and their seats freed. Done
 * lazily before every read or write that looks at seats (so a lapsed
 * booking never blocks a sale) and by a periodic sweep (so lists and
 * reports catch up even on a quiet trip).
 */
export class BookingExpiryService {
  private readonly repo = new BookingExpiryRepository();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Expires lapsed bookings (of one trip, or all); returns how many. In
   * batches: after downtime thousands may have lapsed at once, and one
   * statement for all of them would pass SQLite's limit on bound values.
   * Outside a transaction each batch commits on its own, so sales wait for
   * one batch at most, never for the whole backlog.
   */
  async expire(db: Database = this.db, tripId?: number): Promise<number> {
    const now = this.clock.now().toISOString();
    let expired = 0;
    for (;;) {
      const batch = await this.repo.lapsed(db, now, EXPIRY_BATCH, tripId);
      if (batch.length === 0) return expired;
      if (db.isTransaction) await this.repo.expire(db, batch, now);
      else await runUnit(db, (trx) => this.repo.expire(trx, batch, now));
      expired += batch.length;
      if (batch.length < EXPIRY_BATCH) return expired;
    }
  }
}
