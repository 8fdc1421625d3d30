import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface ReservationFilter {
  agentId: number;
  companyId: number;
  /** Reservations made in [from, to) (ISO instants). */
  made?: { from: string; to: string };
  /** Trips with these states whose local trip date is in [fromDate, toDate]. */
  omittedTrips?: { fromDate: string; toDate: string; routeId: number | null };
  status?: number;
  pnr?: string;
  phone?: string;
}

export interface ReservationFigures {
  id: number;
  pnr: string;
  referencePnr: string | null;
  status: number;
  reservedAt: string;
  tripDate: string | null;
  tripState: string | null;
  coachCode: string | null;
  route: string;
  origin: string;
  destination: string;
  passengerName: string;
  phone: string;
  seatNames: string | null;
  seats: number;
  fareMinor: number;
  discountMinor: number;
  chargedMinor: number;
  refundedMinor: number;
  fineMinor: number;
  outlet: string | null;
  user: string | null;
}

export interface ReservationTotals {
  reservations: number;
  seats: number;
  fareMinor: number;
  discountMinor: number;
  chargedMinor: number;
  refundedMinor: number;
  fineMinor: number;
}

const REFUNDED = sql<number>`(select coalesce(sum(amount_minor), 0) from reservation_events where reservation_id = r.id and action like 'CANCELLED%')`;
const CANCELLED_NET = sql<number>`(select coalesce(sum(fare_minor - discount_minor), 0) from reservation_seats where reservation_id = r.id and status = 5)`;

/** One row per reservation with its seat and money figures, each computed in SQL. */
function figures(db: Database, f: ReservationFilter) {
  let q = db
    .selectFrom('reservations as r')
    .innerJoin('routes as ro', 'ro.id', 'r.route_id')
    .innerJoin('stations as so', 'so.id', 'r.origin_station_id')
    .innerJoin('stations as sd', 'sd.id', 'r.destination_station_id')
    .leftJoin('trips as t', 't.id', 'r.trip_id')
    .leftJoin('coaches as co', 'co.id', 't.coach_id')
    .leftJoin('outlets as o', 'o.id', 'r.outlet_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .where('r.agent_id', '=', f.agentId)
    .where('r.company_id', '=', f.companyId);
  if (f.made) q = q.where('r.created_at', '>=', f.made.from).where('r.created_at', '<', f.made.to);
  if (f.omittedTrips) {
    const o = f.omittedTrips;
    q = q.where('t.company_id', '=', f.companyId).where('t.trip_date', '>=', o.fromDate).where('t.trip_date', '<=', o.toDate).where('t.state', 'in', ['OMITTED', 'OMIT_PENDING']);
    if (o.routeId !== null) q = q.where('r.route_id', '=', o.routeId);
  }
  if (f.status !== undefined) q = q.where('r.status', '=', f.status);
  if (f.pnr) q = q.where('r.pnr', '=', f.pnr);
  if (f.phone) q = q.where('r.passenger_phone', 'like', `%${f.phone.replace(/[%_]/g, '')}`);
  return q.select([
    'r.id as id',
    'r.pnr as pnr',
    'r.reference_pnr as referencePnr',
    'r.status as status',
    'r.created_at as reservedAt',
    't.trip_date as tripDate',
    't.state as tripState',
    'co.code as coachCode',
    'ro.name as route',
    'so.name as origin',
    'sd.name as destination',
    'r.passenger_name as passengerName',
    'r.passenger_phone as phone',
    sql<string | null>`(select group_concat(x.seat_name, ',') from (select seat_name from reservation_seats where reservation_id = r.id order by id) x)`.as('seatNames'),
    sql<number>`(select count(*) from reservation_seats where reservation_id = r.id)`.as('seats'),
    'r.fare_minor as fareMinor',
    'r.discount_minor as discountMinor',
    // A migrated-from ticket's charge moved to the ticket it became (which carries it in charged_minor).
    sql<number>`case when r.status in (10, 14) then 0 else r.charged_minor end`.as('chargedMinor'),
    REFUNDED.as('refundedMinor'),
    // Only a sold ticket pays a fine: its cancels refunded something.
    sql<number>`case when ${REFUNDED} > 0 then ${CANCELLED_NET} - ${REFUNDED} else 0 end`.as('fineMinor'),
    'o.name as outlet',
    'u.username as user',
  ]);
}

export class ReportReservationRepository {
  constructor(private readonly db: Database) {}

  async rows(f: ReservationFilter, page?: { limit: number; offset: number }): Promise<ReservationFigures[]> {
    let q = figures(this.db, f).orderBy(f.omittedTrips ? 't.trip_date' : 'r.created_at').orderBy('r.id');
    if (page) q = q.limit(page.limit).offset(page.offset);
    return q.execute();
  }

  async totals(f: ReservationFilter): Promise<ReservationTotals> {
    return this.db
      .selectFrom(figures(this.db, f).as('x'))
      .select([
        sql<number>`count(*)`.as('reservations'),
        sql<number>`coalesce(sum(x.seats), 0)`.as('seats'),
        sql<number>`coalesce(sum(x.fareMinor), 0)`.as('fareMinor'),
        sql<number>`coalesce(sum(x.discountMinor), 0)`.as('discountMinor'),
        sql<number>`coalesce(sum(x.chargedMinor), 0)`.as('chargedMinor'),
        sql<number>`coalesce(sum(x.refundedMinor), 0)`.as('refundedMinor'),
        sql<number>`coalesce(sum(x.fineMinor), 0)`.as('fineMinor'),
      ])
      .executeTakeFirstOrThrow();
  }
}
