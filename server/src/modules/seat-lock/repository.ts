import type { Database } from '../../db/database';
import { cachedSql, insertRows, placeholders, queryRows, write, type Upsert } from '../../db/precompiled';
import { readsGoTogether } from '../../db/row-lock';
import type { SeatLockRow } from '../trip/types';

/** A user's lock on a seat replaced where it is: moved to the new segment and expiry. */
const SAME_USER_AND_SEAT: Upsert = {
  key: ['trip_id', 'seat_name', 'user_id'],
  update: ['from_index', 'to_index', 'expires_at'],
};

interface LockRecord {
  seat_name: string;
  from_index: number;
  to_index: number;
  user_id: number;
  expires_at: string;
}

/** A seat segment an active reservation holds. */
export interface HeldSeat {
  seatName: string;
  fromIndex: number;
  toIndex: number;
}

/** An agent's active seats on a trip: the seats of its reservations there. */
const AGENT_SEATS_FROM =
  'from reservation_seats rs join reservations r on r.id = rs.reservation_id where rs.trip_id = ? and rs.active = 1 and r.agent_id = ?';
const AGENT_SEATS = `select count(*) as n ${AGENT_SEATS_FROM}`;

/** Seat locks: every lock and every sale runs these, so they are precompiled (db/precompiled.ts). */
export class SeatLockRepository {
  constructor(private readonly db: Database) {}

  /**
   * The active reservation seats of `seatNames` on a trip. Written for the
   * partial occupancy index: `active = 1` is a literal (bound as a parameter,
   * SQLite re-prepares the statement on every run to check the index still
   * applies, ~10 us), and only indexed columns are read, so no table row is
   * visited: ~5 us instead of ~30 us with the reservation join.
   */
  async heldSeats(tripId: number, seatNames: readonly string[]): Promise<HeldSeat[]> {
    const n = seatNames.length;
    if (n === 0) return [];
    const text = cachedSql(
      `reservation_seats.held ${n}`,
      () =>
        `select seat_name, from_index, to_index from reservation_seats where trip_id = ? and active = 1 and seat_name in (${placeholders(n)})`,
    );
    const rows = await queryRows<{ seat_name: string; from_index: number; to_index: number }>(this.db, text, [
      tripId,
      ...seatNames,
    ]);
    return rows.map((r) => ({ seatName: r.seat_name, fromIndex: r.from_index, toIndex: r.to_index }));
  }

  async ofTrip(tripId: number, nowIso: string, seatNames?: readonly string[]): Promise<SeatLockRow[]> {
    if (seatNames && seatNames.length === 0) return [];
    const n = seatNames?.length ?? 0;
    const text = cachedSql(
      `seat_locks.ofTrip ${n}`,
      () =>
        `select seat_name, from_index, to_index, user_id, expires_at from seat_locks where trip_id = ? and expires_at > ?${n ? ` and seat_name in (${placeholders(n)})` : ''}`,
    );
    const rows = await queryRows<LockRecord>(this.db, text, [tripId, nowIso, ...(seatNames ?? [])]);
    return rows.map((l) => ({
      seatName: l.seat_name,
      fromIndex: l.from_index,
      toIndex: l.to_index,
      userId: l.user_id,
      expiresAt: l.expires_at,
    }));
  }

  /**
   * How many active seats the reservations of `agentId` hold on a trip (the agent's seat limit counts them). Written
   * like heldSeats: `active = 1` a literal, so SQLite keeps its partial index.
   */
  async agentSeats(tripId: number, agentId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(this.db, AGENT_SEATS, [tripId, agentId]);
    return Number(row?.n ?? 0);
  }

  /**
   * In one read: the trip's locks live at `nowIso` (all, or those of `lockNames`), the active reservation seats of
   * `heldNames`, and, given `seatsOfAgent`, agentSeats of that agent (else null). On PostgreSQL one statement, one
   * round trip instead of two or three while the caller holds the trip's row lock; on SQLite the statements above, each
   * on its own tuned path (microseconds apart on the one connection).
   */
  async locksAndHeld(
    tripId: number,
    nowIso: string,
    heldNames: readonly string[],
    { lockNames, seatsOfAgent = null }: { lockNames?: readonly string[]; seatsOfAgent?: number | null } = {},
  ): Promise<{ locks: SeatLockRow[]; held: HeldSeat[]; agentSeats: number | null }> {
    const h = heldNames.length;
    if (!readsGoTogether(this.db) || h === 0 || (lockNames && lockNames.length === 0)) {
      return {
        locks: await this.ofTrip(tripId, nowIso, lockNames),
        held: await this.heldSeats(tripId, heldNames),
        agentSeats: seatsOfAgent === null ? null : await this.agentSeats(tripId, seatsOfAgent),
      };
    }
    const n = lockNames?.length ?? 0;
    const counted = seatsOfAgent !== null;
    // `kind` tells the rows apart: L a lock, H a held seat, A the agent's count (in from_index).
    const text = cachedSql(
      `seat_locks.locksAndHeld ${n} ${h}${counted ? ' agent' : ''}`,
      () =>
        `select 'L' as kind, seat_name, from_index, to_index, user_id, expires_at from seat_locks where trip_id = ? and expires_at > ?${n ? ` and seat_name in (${placeholders(n)})` : ''}` +
        ` union all select 'H', seat_name, from_index, to_index, null, null from reservation_seats where trip_id = ? and active = 1 and seat_name in (${placeholders(h)})` +
        (counted ? ` union all select 'A', null, count(*), null, null, null ${AGENT_SEATS_FROM}` : ''),
    );
    const rows = await queryRows<
      Omit<LockRecord, 'user_id' | 'expires_at'> & {
        kind: 'L' | 'H' | 'A';
        user_id: number | null;
        expires_at: string | null;
      }
    >(this.db, text, [
      tripId,
      nowIso,
      ...(lockNames ?? []),
      tripId,
      ...heldNames,
      ...(counted ? [tripId, seatsOfAgent] : []),
    ]);
    const locks: SeatLockRow[] = [];
    const held: HeldSeat[] = [];
    let agentSeats: number | null = null;
    for (const r of rows) {
      if (r.kind === 'A') agentSeats = Number(r.from_index);
      else if (r.kind === 'H') held.push({ seatName: r.seat_name, fromIndex: r.from_index, toIndex: r.to_index });
      else
        locks.push({
          seatName: r.seat_name,
          fromIndex: r.from_index,
          toIndex: r.to_index,
          userId: r.user_id!,
          expiresAt: r.expires_at!,
        });
    }
    return { locks, held, agentSeats };
  }

  /**
   * A seat lock's delete, into the unit's batch when given one: the trip's lapsed locks and the user's locks on
   * `released` go, but not the user's own on `locking`, which `place` then replaces where they are (two writes of one
   * batch must touch different rows: on PostgreSQL they are one statement and do not see each other).
   */
  async clear(
    tripId: number,
    nowIso: string,
    userId: number,
    released: readonly string[],
    locking: readonly string[],
  ): Promise<void> {
    const r = released.length;
    const l = locking.length;
    const text = cachedSql(
      `seat_locks.clear ${r} ${l}`,
      () =>
        `delete from seat_locks where trip_id = ? and (expires_at <= ?${r ? ` or (user_id = ? and seat_name in (${placeholders(r)}))` : ''})` +
        (l ? ` and not (user_id = ? and seat_name in (${placeholders(l)}))` : ''),
    );
    await write(this.db, text, [
      tripId,
      nowIso,
      ...(r ? [userId, ...released] : []),
      ...(l ? [userId, ...locking] : []),
    ]);
  }

  async release(tripId: number, userId: number, seatNames: readonly string[]): Promise<void> {
    const n = seatNames.length;
    if (n === 0) return;
    const text = cachedSql(
      `seat_locks.release ${n}`,
      () => `delete from seat_locks where trip_id = ? and user_id = ? and seat_name in (${placeholders(n)})`,
    );
    await write(this.db, text, [tripId, userId, ...seatNames]);
  }

  /**
   * The user's locks, new or replacing the user's own on the same seats (one lock per user and seat: the key), into the
   * unit's batch when given one.
   */
  async place(
    rows: { tripId: number; seatName: string; fromIndex: number; toIndex: number; userId: number; expiresAt: string }[],
  ): Promise<void> {
    await insertRows(
      this.db,
      'seat_locks',
      rows.map((r) => ({
        trip_id: r.tripId,
        seat_name: r.seatName,
        from_index: r.fromIndex,
        to_index: r.toIndex,
        user_id: r.userId,
        expires_at: r.expiresAt,
      })),
      false,
      SAME_USER_AND_SEAT,
    );
  }
}
