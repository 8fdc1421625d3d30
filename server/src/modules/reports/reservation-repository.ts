import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { engineOf } from '../../db/engine';
import { commaJoined } from '../../db/portable-sql';

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
const SEATS = sql<number>`(select count(*) from reservation_seats where reservation_id = r.id)`;
// A migrated-from ticket's charge moved to the ticket it became (which carries it in charged_minor).
const CHARGED = sql<number>`case when r.status in (10, 14) then 0 else r.charged_minor end`;

/**
 * The filter's reservations (with their trip), not yet selected. Reservations
 * made in a period are read through reservations_agent_time_idx. Omitted
 * trips start from the trips (trips_company_state_date_idx: the company's
 * omitted trips of the dates) and reach their reservations by trip; the
 * agent and company are then checked on the row (the unary + keeps SQLite
 * from walking every reservation of the agent instead).
 */
function matching(db: Database, f: ReservationFilter) {
  let q = db.selectFrom('reservations as r').leftJoin('trips as t', 't.id', 'r.trip_id');
  if (f.omittedTrips) {
    const o = f.omittedTrips;
    q = q
      .where(sql<number>`+r.agent_id`, '=', f.agentId)
      .where(sql<number>`+r.company_id`, '=', f.companyId)
      .where('t.company_id', '=', f.companyId)
      .where('t.trip_date', '>=', o.fromDate)
      .where('t.trip_date', '<=', o.toDate)
      .where('t.state', 'in', ['OMITTED', 'OMIT_PENDING']);
    if (o.routeId !== null) q = q.where('r.route_id', '=', o.routeId);
  } else q = q.where('r.agent_id', '=', f.agentId).where('r.company_id', '=', f.companyId);
  if (f.made) q = q.where('r.created_at', '>=', f.made.from).where('r.created_at', '<', f.made.to);
  if (f.status !== undefined) q = q.where('r.status', '=', f.status);
  if (f.pnr) q = q.where('r.pnr', '=', f.pnr);
  if (f.phone) q = q.where('r.passenger_phone', 'like', `%${f.phone.replace(/[%_]/g, '')}`);
  return q;
}

/** One row per reservation with its seat and money figures, each computed in SQL. */
function figures(db: Database, f: ReservationFilter) {
  return matching(db, f)
    .innerJoin('routes as ro', 'ro.id', 'r.route_id')
    .innerJoin('stations as so', 'so.id', 'r.origin_station_id')
    .innerJoin('stations as sd', 'sd.id', 'r.destination_station_id')
    .leftJoin('coaches as co', 'co.id', 't.coach_id')
    .leftJoin('outlets as o', 'o.id', 'r.outlet_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
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
      sql<
        string | null
      >`(select ${commaJoined(db, sql.ref('x.seat_name'))} from (select seat_name from reservation_seats where reservation_id = r.id order by id) x)`.as(
        'seatNames',
      ),
      SEATS.as('seats'),
      'r.fare_minor as fareMinor',
      'r.discount_minor as discountMinor',
      CHARGED.as('chargedMinor'),
      REFUNDED.as('refundedMinor'),
      // Only a sold ticket pays a fine: its cancels refunded something.
      sql<number>`case when ${REFUNDED} > 0 then ${CANCELLED_NET} - ${REFUNDED} else 0 end`.as('fineMinor'),
      'o.name as outlet',
      'u.username as user',
    ]);
}

export class ReportReservationRepository {
  constructor(private readonly db: Database) {}

  /** A page takes its reservation ids from the index first (a far page skips index entries, not figured rows). */
  async rows(f: ReservationFilter, page?: { limit: number; offset: number }): Promise<ReservationFigures[]> {
    const order = f.omittedTrips ? 't.trip_date' : 'r.created_at';
    let q = figures(this.db, f);
    if (page)
      q = q.where(
        'r.id',
        'in',
        matching(this.db, f).select('r.id').orderBy(order).orderBy('r.id').limit(page.limit).offset(page.offset),
      );
    return q.orderBy(order).orderBy('r.id').execute();
  }

  /**
   * Totals over every match: one pass over the matching reservations with
   * each one's refunds summed once (SQLite's LIMIT -1, PostgreSQL's OFFSET 0,
   * keeps the inner query from being merged into the sums, which would
   * repeat it), and a fine only
   * figured for the few with refunds. Routes and stations are not joined:
   * each reservation has them (not null, foreign keys).
   */
  async totals(f: ReservationFilter): Promise<ReservationTotals> {
    const each = matching(this.db, f).select([
      'r.id as id',
      SEATS.as('seats'),
      'r.fare_minor as fareMinor',
      'r.discount_minor as discountMinor',
      CHARGED.as('chargedMinor'),
      REFUNDED.as('refundedMinor'),
    ]);
    const fenced = engineOf(this.db) === 'sqlite' ? each.limit(-1) : each.offset(0);
    const x = (column: string) => sql.ref(`x.${column}`);
    return this.db
      .selectFrom(fenced.as('x'))
      .select([
        sql<number>`count(*)`.as('reservations'),
        sql<number>`coalesce(sum(${x('seats')}), 0)`.as('seats'),
        sql<number>`coalesce(sum(${x('fareMinor')}), 0)`.as('fareMinor'),
        sql<number>`coalesce(sum(${x('discountMinor')}), 0)`.as('discountMinor'),
        sql<number>`coalesce(sum(${x('chargedMinor')}), 0)`.as('chargedMinor'),
        sql<number>`coalesce(sum(${x('refundedMinor')}), 0)`.as('refundedMinor'),
        sql<number>`coalesce(sum(case when ${x('refundedMinor')} > 0 then (select coalesce(sum(fare_minor - discount_minor), 0) from reservation_seats where reservation_id = ${x('id')} and status = 5) - ${x('refundedMinor')} else 0 end), 0)`.as(
          'fineMinor',
        ),
      ])
      .executeTakeFirstOrThrow();
  }
}
