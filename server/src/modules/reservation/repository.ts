import { ReservationStatus } from '@agent-portal/contract';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database';
import { insertRows, insertWithChildren, queryRows } from '../../db/precompiled';
import type { ReservationSeatsTable, ReservationsTable } from '../../db/schema-reservations';
import type { ReservationEvent, ReservationRow, ReservationSeatRow } from './rows';

export class ReservationRepository {
  constructor(private readonly db: Database) {}

  async byPnr(pnr: string): Promise<ReservationRow | null> {
    return (await this.db.selectFrom('reservations').selectAll().where('pnr', '=', pnr).executeTakeFirst()) ?? null;
  }

  async byId(id: number): Promise<ReservationRow> {
    return this.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async pnrExists(pnr: string): Promise<boolean> {
    return (await queryRows(this.db, 'select id from reservations where pnr = ?', [pnr])).length > 0;
  }

  seats(reservationId: number): Promise<ReservationSeatRow[]> {
    return this.db
      .selectFrom('reservation_seats')
      .selectAll()
      .where('reservation_id', '=', reservationId)
      .orderBy('id')
      .execute();
  }

  /** Inserts a reservation and its seats; answers the stored rows (RETURNING saves reading them back). */
  async insert(
    row: Insertable<ReservationsTable>,
    seats: Omit<Insertable<ReservationSeatsTable>, 'reservation_id'>[],
  ): Promise<{ row: ReservationRow; seats: ReservationSeatRow[] }> {
    // Precompiled (db/precompiled.ts): every sale runs this. On PostgreSQL one statement, one round trip fewer while
    // the sale holds the trip's and the account's row locks; on SQLite two calls on the unit's connection.
    const both = await insertWithChildren<'reservations', 'reservation_seats', ReservationRow, ReservationSeatRow>(
      this.db,
      { table: 'reservations', row },
      { table: 'reservation_seats', parentColumn: 'reservation_id', rows: seats },
    );
    return { row: both.row, seats: both.children };
  }

  /**
   * A status change, written only if the reservation still has the status `from` the caller read and checked (issue
   * 32, item 2: a state change happens once); false when it no longer has, and nothing was written.
   */
  async setStatus(
    id: number,
    from: number,
    status: number,
    nowIso: string,
    extra: Partial<Pick<ReservationRow, 'expires_at' | 'charged_minor' | 'agent_id' | 'outlet_id' | 'user_id'>> = {},
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('reservations')
      .set({ status, updated_at: nowIso, ...extra })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Seats of `seatIds` still active take `set`; false unless every one of them was (nothing half-changed is kept). */
  async setSeats(seatIds: number[], set: { status: number; active: 0 | 1 }): Promise<boolean> {
    if (!seatIds.length) return true;
    const done = await this.db
      .updateTable('reservation_seats')
      .set(set)
      .where('id', 'in', seatIds)
      .where('active', '=', 1)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === seatIds.length;
  }

  /** One history row (see ReservationEvent for `owner`). Precompiled: every sale writes one. */
  async event(e: ReservationEvent): Promise<void> {
    const row: Record<string, unknown> = {
      reservation_id: e.reservationId,
      action: e.action,
      user_id: e.userId,
      outlet_id: e.outletId,
      amount_minor: e.amountMinor ?? null,
      remarks: e.remarks ?? null,
      created_at: e.at,
    };
    if (e.owner) {
      row.reservation_agent_id = e.owner.agentId;
      row.reservation_company_id = e.owner.companyId;
    }
    await insertRows(this.db, 'reservation_events', [row], false);
  }

  history(reservationId: number) {
    return this.db
      .selectFrom('reservation_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('outlets as o', 'o.id', 'e.outlet_id')
      .select(['e.created_at', 'e.action', 'u.username', 'o.name as outlet', 'e.amount_minor', 'e.remarks'])
      .where('e.reservation_id', '=', reservationId)
      .orderBy('e.id')
      .execute();
  }

  byAgentAndPnrs(agentId: number, companyId: number, pnrs: readonly string[]) {
    return this.db
      .selectFrom('reservations')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('company_id', '=', companyId)
      .where('pnr', 'in', pnrs)
      .orderBy('id', 'desc')
      .execute();
  }

  recent(userId: number, companyId: number, limit: number) {
    return this.db
      .selectFrom('reservations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Inside a unit: the print row, and the reservation's print count after it. `neverPrinted`: only if the ticket
   * was never printed (a conditional write, so two at once record one); null when it was.
   */
  async addPrint(
    reservationId: number,
    printType: string,
    userId: number,
    nowIso: string,
    opts: { neverPrinted?: boolean } = {},
  ): Promise<number | null> {
    let counted = this.db
      .updateTable('reservations')
      .set((eb) => ({ print_count: eb('print_count', '+', 1) }))
      .where('id', '=', reservationId);
    if (opts.neverPrinted) counted = counted.where('print_count', '=', 0);
    const row = await counted.returning('print_count').executeTakeFirst();
    if (!row) return null;
    await this.db
      .insertInto('print_actions')
      .values({ reservation_id: reservationId, print_type: printType, user_id: userId, created_at: nowIso })
      .execute();
    return row.print_count;
  }

  /** Names for the answer: company, route, stations with cities, outlet, user. */
  async names(r: ReservationRow) {
    const [company, route, stations, outlet, user] = await Promise.all([
      this.db
        .selectFrom('companies')
        .select(['name', 'name_bn'])
        .where('id', '=', r.company_id)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('routes').select('name').where('id', '=', r.route_id).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('stations as s')
        .innerJoin('cities as c', 'c.id', 's.city_id')
        .select(['s.id', 's.name', 's.name_bn', 'c.name as city_name', 'c.name_bn as city_name_bn'])
        .where('s.id', 'in', [r.origin_station_id, r.destination_station_id])
        .execute(),
      r.outlet_id === null
        ? null
        : this.db.selectFrom('outlets').select('name').where('id', '=', r.outlet_id).executeTakeFirst(),
      r.user_id === null
        ? null
        : this.db.selectFrom('users').select('username').where('id', '=', r.user_id).executeTakeFirst(),
    ]);
    return {
      company: company.name,
      companyBn: company.name_bn,
      route: route.name,
      stations,
      outlet: outlet?.name ?? '',
      user: user?.username ?? 'operator',
    };
  }

  // What ticket operations and boarding-point changes change on a reservation (through ReservationRecords).
  /** A confirmed booking's seat: sold, with its commission. */
  async sellSeat(seatId: number, status: number, commissionMinor: number): Promise<void> {
    await this.db
      .updateTable('reservation_seats')
      .set({ status, commission_minor: commissionMinor })
      .where('id', '=', seatId)
      .execute();
  }

  /** The migrated-from reservation (TRIP_MIGRATED, by PNR) of a cancelled migration: now `status`. */
  async cancelMigratedSource(referencePnr: string, from: number, status: number, at: string): Promise<void> {
    await this.db
      .updateTable('reservations')
      .set({ status, updated_at: at })
      .where('pnr', '=', referencePnr)
      .where('status', '=', from)
      .execute();
  }

  /**
   * What the reservation has been charged in all, after a partial cancel's refund: only from the amount and status the
   * caller read (false: it changed since, nothing written).
   */
  async setCharged(
    reservationId: number,
    read: { status: number; chargedMinor: number },
    chargedMinor: number,
    at: string,
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('reservations')
      .set({ charged_minor: chargedMinor, updated_at: at })
      .where('id', '=', reservationId)
      .where('status', '=', read.status)
      .where('charged_minor', '=', read.chargedMinor)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** A booking held until `expiresAt`, while still booked (false: no longer, nothing written). */
  async extendBooking(reservationId: number, expiresAt: string, at: string): Promise<boolean> {
    const done = await this.db
      .updateTable('reservations')
      .set({ expires_at: expiresAt, updated_at: at })
      .where('id', '=', reservationId)
      .where('status', '=', ReservationStatus.BOOKED)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /**
   * A later boarding point: the active seats and the reservation hold the legs from stop `fromIndex`; the
   * cancellation terms stay those of `fineFromIndex`.
   */
  async moveBoardingPoint(
    reservationId: number,
    read: { status: number; fromIndex: number },
    m: { fromIndex: number; originStationId: number; fineFromIndex: number; at: string },
  ): Promise<boolean> {
    // Only from the status and boarding point the caller read (false: it changed since, nothing written). The
    // cancellation terms stay the sold-from stop's (migration 0014, reservation/fines.ts fineBoardingIndex); the fine
    // floor (migration 0015) is not touched.
    const done = await this.db
      .updateTable('reservations')
      .set({
        from_index: m.fromIndex,
        origin_station_id: m.originStationId,
        fine_from_index: m.fineFromIndex,
        updated_at: m.at,
      })
      .where('id', '=', reservationId)
      .where('status', '=', read.status)
      .where('from_index', '=', read.fromIndex)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    // The fare is kept; only the legs held change. Active seats only: a cancelled seat holds nothing.
    await this.db
      .updateTable('reservation_seats')
      .set({ from_index: m.fromIndex })
      .where('reservation_id', '=', reservationId)
      .where('active', '=', 1)
      .execute();
    return true;
  }

  /**
   * Ids of up to `limit` bookings (of one trip, or all) whose expiry is at or
   * before `nowIso`. Twice per sale (lock and sale) for one trip: SQL made
   * once (db/precompiled.ts), not built per call.
   */
  async lapsedBookings(nowIso: string, limit: number, tripId?: number): Promise<number[]> {
    const rows =
      tripId === undefined
        ? await queryRows<{ id: number }>(
            this.db,
            `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? limit ${limit}`,
            [nowIso],
          )
        : await queryRows<{ id: number }>(
            this.db,
            `select id from reservations where status = ${ReservationStatus.BOOKED} and expires_at <= ? and trip_id = ? limit ${limit}`,
            [nowIso, tripId],
          );
    return rows.map((r) => r.id);
  }

  /**
   * The bookings of `ids` still booked become status 5, their seats inactive, and each gets a BOOKING_EXPIRED history
   * row; returns the ids this unit expired (another process may have expired some since they were found lapsed).
   */
  async tripIdsOf(ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('reservations')
      .select('trip_id')
      .distinct()
      .where('id', 'in', [...ids])
      .where('trip_id', 'is not', null)
      .execute();
    return rows.map((r) => r.trip_id).filter((id): id is number => id !== null);
  }

  async expireBookings(ids: readonly number[], nowIso: string): Promise<number[]> {
    // Only those this unit expires: another process may have expired some since they were found lapsed.
    const expired = await this.db
      .updateTable('reservations')
      .set({ status: ReservationStatus.CANCELLED, updated_at: nowIso })
      .where('id', 'in', [...ids])
      .where('status', '=', ReservationStatus.BOOKED)
      .returning('id')
      .execute();
    const list = expired.map((r) => r.id);
    if (!list.length) return [];
    await this.db
      .updateTable('reservation_seats')
      .set({ active: 0, status: ReservationStatus.CANCELLED })
      .where('reservation_id', 'in', list)
      .where('active', '=', 1)
      .execute();
    await this.db
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
    return list;
  }
}
