import { ReservationStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/precompiled';
import type { Clock } from '../../lib/clock';

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

  /** Expires lapsed bookings (of one trip, or all); returns how many. */
  async expire(db: Database = this.db, tripId?: number): Promise<number> {
    const now = this.clock.now().toISOString();
    // Twice per sale (lock and sale) for one trip: SQL made once (db/precompiled.ts), not built per call.
    const ids = (
      tripId === undefined
        ? await queryRows<{ id: number }>(db, `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ?`, [now])
        : await queryRows<{ id: number }>(db, `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? and trip_id = ?`, [now, tripId])
    ).map((r) => r.id);
    if (ids.length === 0) return 0;
    const run = async (trx: Database) => {
      await trx.updateTable('reservations').set({ status: ReservationStatus.CANCELLED, updated_at: now }).where('id', 'in', ids).where('status', '=', ReservationStatus.BOOKED).execute();
      await trx.updateTable('reservation_seats').set({ active: 0, status: ReservationStatus.CANCELLED }).where('reservation_id', 'in', ids).where('active', '=', 1).execute();
      await trx.updateTable('coupon_uses').set({ active: 0 }).where('reservation_id', 'in', ids).execute();
      await trx
        .insertInto('reservation_events')
        .values(ids.map((id) => ({ reservation_id: id, action: 'BOOKING_EXPIRED', user_id: null, outlet_id: null, amount_minor: null, remarks: null, created_at: now })))
        .execute();
    };
    if (db.isTransaction) await run(db);
    else await db.transaction().execute(run);
    return ids.length;
  }
}
