import { ReservationStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/precompiled';

/** Lapsed bookings and the writes that expire them. */
export class BookingExpiryRepository {
  /**
   * Ids of up to `limit` bookings (of one trip, or all) whose expiry is at or
   * before `nowIso`. Twice per sale (lock and sale) for one trip: SQL made
   * once (db/precompiled.ts), not built per call.
   */
  async lapsed(db: Database, nowIso: string, limit: number, tripId?: number): Promise<number[]> {
    const rows =
      tripId === undefined
        ? await queryRows<{ id: number }>(
            db,
            `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? limit ${limit}`,
            [nowIso],
          )
        : await queryRows<{ id: number }>(
            db,
            `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? and trip_id = ? limit ${limit}`,
            [nowIso, tripId],
          );
    return rows.map((r) => r.id);
  }

  /**
   * The bookings become status 5 (those still booked), their seats and coupon uses inactive, and each gets a
   * BOOKING_EXPIRED history row.
   */
  async expire(trx: Database, ids: readonly number[], nowIso: string): Promise<void> {
    // Only those this unit expires: another process may have expired some since they were found lapsed.
    const expired = await trx
      .updateTable('reservations')
      .set({ status: ReservationStatus.CANCELLED, updated_at: nowIso })
      .where('id', 'in', [...ids])
      .where('status', '=', ReservationStatus.BOOKED)
      .returning('id')
      .execute();
    const list = expired.map((r) => r.id);
    if (!list.length) return;
    await trx
      .updateTable('reservation_seats')
      .set({ active: 0, status: ReservationStatus.CANCELLED })
      .where('reservation_id', 'in', list)
      .where('active', '=', 1)
      .execute();
    await trx.updateTable('coupon_uses').set({ active: 0 }).where('reservation_id', 'in', list).execute();
    await trx
      .insertInto('reservation_events')
      .values(
        list.map((id) => ({
          reservation_id: id,
          action: 'BOOKING_EXPIRED',
          user_id: null,
          outlet_id: null,
          amount_minor: null,
          remarks: null,
          created_at: nowIso,
        })),
      )
      .execute();
  }
}
