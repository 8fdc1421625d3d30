import { ReservationStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/precompiled';
import type { Clock } from '../../lib/clock';

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
      const batch = await this.lapsed(db, now, tripId);
      if (batch.length === 0) return expired;
      if (db.isTransaction) await this.expireBatch(db, batch, now);
      else await db.transaction().execute((trx) => this.expireBatch(trx, batch, now));
      expired += batch.length;
      if (batch.length < EXPIRY_BATCH) return expired;
    }
  }

  private async lapsed(db: Database, now: string, tripId?: number): Promise<number[]> {
    // Twice per sale (lock and sale) for one trip: SQL made once (db/precompiled.ts), not built per call.
    const rows =
      tripId === undefined
        ? await queryRows<{ id: number }>(db, `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? limit ${EXPIRY_BATCH}`, [now])
        : await queryRows<{ id: number }>(db, `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? and trip_id = ? limit ${EXPIRY_BATCH}`, [now, tripId]);
    return rows.map((r) => r.id);
  }

  private async expireBatch(trx: Database, ids: number[], now: string): Promise<void> {
    await trx.updateTable('reservations').set({ status: ReservationStatus.CANCELLED, updated_at: now }).where('id', 'in', ids).where('status', '=', ReservationStatus.BOOKED).execute();
    await trx.updateTable('reservation_seats').set({ active: 0, status: ReservationStatus.CANCELLED }).where('reservation_id', 'in', ids).where('active', '=', 1).execute();
    await trx.updateTable('coupon_uses').set({ active: 0 }).where('reservation_id', 'in', ids).execute();
    await trx
      .insertInto('reservation_events')
      .values(ids.map((id) => ({ reservation_id: id, action: 'BOOKING_EXPIRED', user_id: null, outlet_id: null, amount_minor: null, remarks: null, created_at: now })))
      .execute();
  }
}
