import type { Database } from '../../db/database';

/** Which never-printed tickets of an agent with one company the list shows. */
export interface UnprintedFilter {
  agentId: number;
  companyId: number;
  /** The statuses a ticket is printed in. */
  statuses: number[];
  /** Tickets whose coach has left its boarding point before `now` too (an open ticket has none and always counts). */
  includeDeparted: boolean;
  now: string;
}

/** The agent's tickets never printed (print_count 0, a partial index of those rows), with their seats. */
export class UnprintedRepository {
  constructor(private readonly db: Database) {}

  private base(f: UnprintedFilter) {
    return this.db
      .selectFrom('reservations as r')
      .leftJoin('trip_stops as ts', (join) =>
        join.onRef('ts.trip_id', '=', 'r.trip_id').onRef('ts.stop_index', '=', 'r.from_index'),
      )
      .where('r.agent_id', '=', f.agentId)
      .where('r.company_id', '=', f.companyId)
      .where('r.print_count', '=', 0)
      .where('r.status', 'in', f.statuses)
      .$if(!f.includeDeparted, (qb) => qb.where((eb) => eb.or([eb('ts.time', 'is', null), eb('ts.time', '>', f.now)])));
  }

  /** How many tickets the filter keeps. */
  async count(f: UnprintedFilter): Promise<number> {
    const { n } = await this.base(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** One page of the filter's tickets by id in `direction`, with trip, coach, route, stations, boarding time, user. */
  page(f: UnprintedFilter, direction: 'asc' | 'desc', window: { limit: number; offset: number }) {
    return this.base(f)
      .innerJoin('routes as rt', 'rt.id', 'r.route_id')
      .innerJoin('stations as so', 'so.id', 'r.origin_station_id')
      .innerJoin('stations as sd', 'sd.id', 'r.destination_station_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('trips as t', 't.id', 'r.trip_id')
      .leftJoin('coaches as co', 'co.id', 't.coach_id')
      .select([
        'r.id',
        'r.pnr',
        'r.status',
        'r.fare_minor',
        'r.discount_minor',
        'r.passenger_name',
        'r.passenger_phone',
        'r.created_at',
        't.trip_date',
        'co.code as coach_code',
        'rt.name as route_name',
        'so.name as origin',
        'sd.name as destination',
        'ts.time as boarding_time',
        'u.username',
      ])
      .orderBy('r.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  /** The active seats of these reservations, in seat row order. */
  activeSeats(reservationIds: number[]) {
    return this.db
      .selectFrom('reservation_seats')
      .select(['reservation_id', 'seat_name'])
      .where('reservation_id', 'in', reservationIds)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
  }
}
