import { ReservationStatus, type UnprintedTicket, type unprintedPageSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import { pageWindow } from '../../lib/paging';

type UnprintedPage = z.infer<typeof unprintedPageSchema>;

/** Sold and open tickets are what a passenger carries; bookings are printed once confirmed. */
const PRINTABLE = [ReservationStatus.SOLD, ReservationStatus.OPEN];

/**
 * The agent's tickets never printed: print_count stays 0 until the first
 * savePrintAction, so a partial index of those rows answers the list. A
 * ticket whose coach has left its boarding point (by the server's clock) is
 * left out unless asked for: nobody boards with it any more, and a counter's
 * list would otherwise fill up with yesterday's. An open ticket has no
 * coach and is never left out.
 */
export class UnprintedService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(
    principal: Principal,
    q: { companyId: number; page: number; pageSize: number; includeDeparted?: boolean | undefined },
  ): Promise<UnprintedPage> {
    const now = this.clock.now().toISOString();
    const base = this.db
      .selectFrom('reservations as r')
      .leftJoin('trip_stops as ts', (join) =>
        join.onRef('ts.trip_id', '=', 'r.trip_id').onRef('ts.stop_index', '=', 'r.from_index'),
      )
      .where('r.agent_id', '=', principal.agentId)
      .where('r.company_id', '=', q.companyId)
      .where('r.print_count', '=', 0)
      .where('r.status', 'in', PRINTABLE)
      .$if(!q.includeDeparted, (qb) => qb.where((eb) => eb.or([eb('ts.time', 'is', null), eb('ts.time', '>', now)])));
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(n);
    const window = pageWindow(q.page, q.pageSize, total);
    if (!window) return { items: [], page: q.page, pageSize: q.pageSize, total };
    const direction = window.reversed ? 'asc' : 'desc';
    const rows = await base
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
    if (window.reversed) rows.reverse();
    const seats = rows.length
      ? await this.db
          .selectFrom('reservation_seats')
          .select(['reservation_id', 'seat_name'])
          .where(
            'reservation_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('active', '=', 1)
          .orderBy('id')
          .execute()
      : [];
    const items: UnprintedTicket[] = rows.map((r) => ({
      pnr: r.pnr,
      status: r.status as UnprintedTicket['status'],
      tripDate: r.trip_date,
      coachCode: r.coach_code,
      routeName: r.route_name,
      origin: r.origin,
      destination: r.destination,
      boardingTime: r.boarding_time,
      seats: seats.filter((s) => s.reservation_id === r.id).map((s) => s.seat_name),
      passengerName: r.passenger_name,
      passengerPhone: r.passenger_phone,
      totalFare: fromMinor(r.fare_minor - r.discount_minor),
      reservationTime: r.created_at,
      agentUser: r.username ?? '',
    }));
    return { items, page: q.page, pageSize: q.pageSize, total };
  }
}
