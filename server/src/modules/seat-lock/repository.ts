import type { Database } from '../../db/database';
import type { SeatLockRow } from '../trip/types';

export class SeatLockRepository {
  constructor(private readonly db: Database) {}

  async ofTrip(tripId: number, nowIso: string, db: Database = this.db, seatNames?: readonly string[]): Promise<SeatLockRow[]> {
    let q = db.selectFrom('seat_locks').selectAll().where('trip_id', '=', tripId).where('expires_at', '>', nowIso);
    if (seatNames) q = q.where('seat_name', 'in', seatNames.length ? [...seatNames] : ['']);
    const rows = await q.execute();
    return rows.map((l) => ({ seatName: l.seat_name, fromIndex: l.from_index, toIndex: l.to_index, userId: l.user_id, expiresAt: l.expires_at }));
  }

  /** One delete: the trip's lapsed locks, and the user's locks on `seatNames` (released, or about to be re-locked). */
  async clear(tripId: number, nowIso: string, userId: number, seatNames: readonly string[], db: Database): Promise<void> {
    await db
      .deleteFrom('seat_locks')
      .where('trip_id', '=', tripId)
      .where((eb) => {
        const lapsed = eb('expires_at', '<=', nowIso);
        return seatNames.length ? eb.or([lapsed, eb.and([eb('user_id', '=', userId), eb('seat_name', 'in', [...seatNames])])]) : lapsed;
      })
      .execute();
  }

  async release(tripId: number, userId: number, seatNames: readonly string[], db: Database): Promise<void> {
    if (seatNames.length === 0) return;
    await db.deleteFrom('seat_locks').where('trip_id', '=', tripId).where('user_id', '=', userId).where('seat_name', 'in', [...seatNames]).execute();
  }

  async insert(rows: { tripId: number; seatName: string; fromIndex: number; toIndex: number; userId: number; expiresAt: string }[], db: Database): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('seat_locks')
      .values(rows.map((r) => ({ trip_id: r.tripId, seat_name: r.seatName, from_index: r.fromIndex, to_index: r.toIndex, user_id: r.userId, expires_at: r.expiresAt })))
      .execute();
  }
}
