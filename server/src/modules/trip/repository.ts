import { ReservationStatus, type SeatType } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/precompiled';
import { lockedRead } from '../../db/row-lock';
import type { FareRow, OccupiedSeat, SeatLockRow, TripContext, TripStop } from './types';

/** Whether a booking on the trip has lapsed by the `?` instant (reservations_trip_idx, then the row). */
const LAPSED_BOOKING = `exists (select 1 from reservations r where r.trip_id = trips.id and r.status = ${ReservationStatus.BOOKED} and r.expires_at <= ?) as lapsed`;

/** Trips, their stops, layouts, fares and the seats taken on them. */
export class TripRepository {
  constructor(private readonly db: Database) {}

  private baseQuery() {
    return this.db
      .selectFrom('trips as t')
      .innerJoin('coaches as c', 'c.id', 't.coach_id')
      .innerJoin('coach_types as ct', 'ct.id', 'c.coach_type_id')
      .innerJoin('routes as r', 'r.id', 't.route_id')
      .innerJoin('coach_layouts as l', 'l.coach_id', 'c.id')
      .select([
        't.id',
        't.company_id',
        't.coach_id',
        'c.code as coach_code',
        'c.coach_type_id',
        'ct.name as coach_type',
        't.route_id',
        'r.name as route_name',
        't.trip_date',
        't.state',
        't.allow_intermediate',
        't.linked_trip_id',
        't.linked_note',
        'l.layout_key',
        'l.driver_side',
      ]);
  }

  private async stopsOf(tripIds: number[]): Promise<Map<number, TripStop[]>> {
    const map = new Map<number, TripStop[]>();
    if (tripIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('trip_stops as ts')
      .innerJoin('stations as s', 's.id', 'ts.station_id')
      .innerJoin('cities as ci', 'ci.id', 's.city_id')
      .select([
        'ts.trip_id',
        'ts.stop_index',
        'ts.time',
        's.id as station_id',
        's.name',
        's.name_bn',
        'ci.id as city_id',
        'ci.name as city_name',
      ])
      .where('ts.trip_id', 'in', tripIds)
      .orderBy('ts.trip_id')
      .orderBy('ts.stop_index')
      .execute();
    for (const r of rows) {
      const list = map.get(r.trip_id) ?? [];
      list.push({
        index: r.stop_index,
        stationId: r.station_id,
        name: r.name,
        nameBn: r.name_bn,
        cityId: r.city_id,
        cityName: r.city_name,
        time: new Date(r.time),
      });
      map.set(r.trip_id, list);
    }
    return map;
  }

  private async contexts(
    rows: Awaited<ReturnType<ReturnType<TripRepository['baseQuery']>['execute']>>,
  ): Promise<TripContext[]> {
    const stops = await this.stopsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      companyId: r.company_id,
      coachId: r.coach_id,
      coachCode: r.coach_code,
      coachTypeId: r.coach_type_id,
      coachType: r.coach_type,
      routeId: r.route_id,
      routeName: r.route_name,
      tripDate: r.trip_date,
      state: r.state,
      allowIntermediate: r.allow_intermediate === 1,
      linkedTripId: r.linked_trip_id,
      linkedNote: r.linked_note,
      layoutKey: r.layout_key,
      driverSide: r.driver_side,
      stops: stops.get(r.id) ?? [],
    }));
  }

  async find(tripId: number): Promise<TripContext | null> {
    const rows = await this.baseQuery().where('t.id', '=', tripId).execute();
    return (await this.contexts(rows))[0] ?? null;
  }

  async onDate(filter: {
    companyId: number;
    tripDate: string;
    routeIds?: number[];
    coachCode?: string;
    coachType?: string;
  }): Promise<TripContext[]> {
    let q = this.baseQuery().where('t.company_id', '=', filter.companyId).where('t.trip_date', '=', filter.tripDate);
    if (filter.routeIds) q = q.where('t.route_id', 'in', filter.routeIds.length ? filter.routeIds : [-1]);
    if (filter.coachCode) q = q.where('c.code', '=', filter.coachCode);
    if (filter.coachType) q = q.where('ct.name', '=', filter.coachType);
    const rows = await q.orderBy('t.departure_at').orderBy('t.id').execute();
    return this.contexts(rows);
  }

  async list(filter: { tripDate?: string }): Promise<TripContext[]> {
    let q = this.baseQuery();
    if (filter.tripDate) q = q.where('t.trip_date', '=', filter.tripDate);
    return this.contexts(await q.orderBy('t.departure_at').orderBy('t.id').limit(1000).execute());
  }

  /**
   * Inside a lock's or a sale's unit: the trip's state as stored now, with the trip's row locked until the unit ends
   * (its seats are checked and claimed next, one unit at a time per trip), locked and read in one statement
   * (db/row-lock.ts lockedRead). With it, whether a
   * booking on the trip has lapsed by `nowIso` (the unit expires those before it reads the seats): in the same
   * statement, as nearly every time there is none, so the unit need not ask again.
   */
  async lockedState(
    tripId: number,
    nowIso: string,
  ): Promise<{ state: TripContext['state']; lapsedBookings: boolean } | undefined> {
    // lapsed: a boolean on PostgreSQL, 0 or 1 on SQLite.
    const [stored] = await lockedRead<{ state: TripContext['state']; lapsed: boolean | number }>(this.db, {
      table: 'trips',
      columns: `state, ${LAPSED_BOOKING}`,
      columnParameters: [nowIso],
      where: 'id = ?',
      whereParameters: [tripId],
    });
    return stored && { state: stored.state, lapsedBookings: Boolean(stored.lapsed) };
  }

  /**
   * The trip's state as stored now. A lock and a sale read it in their unit: SQL made once (db/precompiled.ts), not
   * built per call.
   */
  /** The trip's live events' version (issue #35, migration 0019). */
  async liveVersion(tripId: number): Promise<number> {
    const [row] = await queryRows<{ live_version: number }>(this.db, 'select live_version from trips where id = ?', [
      tripId,
    ]);
    return Number(row?.live_version ?? 0);
  }

  async storedState(tripId: number): Promise<TripContext['state'] | undefined> {
    const [stored] = await queryRows<{ state: TripContext['state'] }>(this.db, 'select state from trips where id = ?', [
      tripId,
    ]);
    return stored?.state;
  }

  /** The seat locks on a trip that have not expired at `nowIso`. */
  async activeLocks(tripId: number, nowIso: string): Promise<SeatLockRow[]> {
    const rows = await this.db
      .selectFrom('seat_locks')
      .selectAll()
      .where('trip_id', '=', tripId)
      .where('expires_at', '>', nowIso)
      .execute();
    return rows.map((l) => ({
      seatName: l.seat_name,
      fromIndex: l.from_index,
      toIndex: l.to_index,
      userId: l.user_id,
      expiresAt: l.expires_at,
    }));
  }

  async setState(tripId: number, state: TripContext['state']): Promise<void> {
    await this.db.updateTable('trips').set({ state }).where('id', '=', tripId).execute();
  }

  /**
   * The trip's own fare rows, else its route and coach type's: one read for both (a fare table is read on every cache
   * miss, and each statement is a round trip on PostgreSQL).
   */
  async fares(trip: Pick<TripContext, 'id' | 'routeId' | 'coachTypeId'>): Promise<FareRow[]> {
    const rows = await this.db
      .selectFrom('fares')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('trip_id', '=', trip.id),
          eb.and([
            eb('trip_id', 'is', null),
            eb('route_id', '=', trip.routeId),
            eb('coach_type_id', '=', trip.coachTypeId),
          ]),
        ]),
      )
      .execute();
    const own = rows.filter((r) => r.trip_id === trip.id);
    return (own.length ? own : rows).map((r) => ({
      fromIndex: r.from_index,
      toIndex: r.to_index,
      seatType: r.seat_type as SeatType,
      fareMinor: r.fare_minor,
    }));
  }

  /** Route-level fares of any coach type (open tickets have no coach), lowest first. */
  async routeFares(routeId: number): Promise<FareRow[]> {
    const rows = await this.db
      .selectFrom('fares')
      .selectAll()
      .where('trip_id', 'is', null)
      .where('route_id', '=', routeId)
      .orderBy('fare_minor')
      .execute();
    return rows.map((r) => ({
      fromIndex: r.from_index,
      toIndex: r.to_index,
      seatType: r.seat_type as SeatType,
      fareMinor: r.fare_minor,
    }));
  }

  /** Active reservation seats of a trip (optionally only some seat names). */
  async occupied(tripId: number, seatNames?: readonly string[]): Promise<OccupiedSeat[]> {
    let q = this.db
      .selectFrom('reservation_seats as rs')
      .innerJoin('reservations as r', 'r.id', 'rs.reservation_id')
      .select([
        'rs.seat_name',
        'rs.from_index',
        'rs.to_index',
        'rs.status',
        'r.id as reservation_id',
        'r.pnr',
        'r.agent_id',
      ])
      .where('rs.trip_id', '=', tripId)
      .where('rs.active', '=', 1);
    if (seatNames) q = q.where('rs.seat_name', 'in', seatNames.length ? [...seatNames] : ['']);
    const rows = await q.execute();
    return rows.map((r) => ({
      seatName: r.seat_name,
      fromIndex: r.from_index,
      toIndex: r.to_index,
      status: r.status,
      reservationId: r.reservation_id,
      pnr: r.pnr,
      agentId: r.agent_id,
    }));
  }

  /** A route's stops in order (open tickets have a route but no trip). */
  async routeStops(routeId: number): Promise<{ index: number; stationId: number }[]> {
    const rows = await this.db
      .selectFrom('route_stops')
      .select(['stop_order', 'station_id'])
      .where('route_id', '=', routeId)
      .orderBy('stop_order')
      .execute();
    return rows.map((r, index) => ({ index, stationId: r.station_id }));
  }
}
