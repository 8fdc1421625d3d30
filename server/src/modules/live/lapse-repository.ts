import { ReservationStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { placeholders, queryRows } from '../../db/precompiled';

/**
 * The lapse watch's SQL (lapses.ts): when a followed trip's next seat lock or booking runs out, and the trip's lapsed
 * locks taken away. Kept in the live module so the lock and sale paths' own repositories stay as they are.
 */
export class LapseRepository {
  constructor(private readonly db: Database) {}

  /** The earliest expiry (ISO) of the trip's seat locks and open bookings, lapsed ones included; null when none. */
  async nextExpiry(tripId: number): Promise<string | null> {
    const rows = await queryRows<{ at: string | null }>(
      this.db,
      `select min(expires_at) as at from seat_locks where trip_id = ?
       union all
       select min(expires_at) as at from reservations where trip_id = ? and status = ${ReservationStatus.BOOKED}`,
      [tripId, tripId],
    );
    const times = rows.map((r) => r.at).filter((at): at is string => at !== null);
    return times.sort()[0] ?? null;
  }

  /** Deletes the trip's locks lapsed at `nowIso`; answers what they held. */
  deleteLapsedLocks(
    tripId: number,
    nowIso: string,
  ): Promise<{ seat_name: string; from_index: number; to_index: number }[]> {
    return queryRows(
      this.db,
      'delete from seat_locks where trip_id = ? and expires_at <= ? returning seat_name, from_index, to_index',
      [tripId, nowIso],
    );
  }

  /** What holds `names` on the trip at `nowIso`: their live locks and their active reservations' seats, by segment. */
  async holdsOf(
    tripId: number,
    nowIso: string,
    names: readonly string[],
  ): Promise<{ seatName: string; fromIndex: number; toIndex: number }[]> {
    const n = placeholders(names.length);
    const rows = await queryRows<{ seat_name: string; from_index: number; to_index: number }>(
      this.db,
      `select seat_name, from_index, to_index from seat_locks where trip_id = ? and expires_at > ? and seat_name in (${n})
       union all
       select seat_name, from_index, to_index from reservation_seats where trip_id = ? and active = 1 and seat_name in (${n})`,
      [tripId, nowIso, ...names, tripId, ...names],
    );
    return rows.map((r) => ({ seatName: r.seat_name, fromIndex: r.from_index, toIndex: r.to_index }));
  }
}
