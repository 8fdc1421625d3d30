import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { commaJoined } from '../../db/portable-sql';
import { SALE_ACTIONS, isRefundedCancel, scopeOfEvents, type SalesQuery } from './sales-repository';

export interface ActionRow {
  time: string;
  action: string;
  pnr: string;
  status: number;
  tripDate: string | null;
  coachCode: string | null;
  route: string;
  origin: string;
  destination: string;
  seatNames: string | null;
  fareMinor: number;
  discountMinor: number;
  amountMinor: number | null;
  outlet: string | null;
  user: string | null;
}

/** Seat names of a reservation, in seat order, comma-joined; `where` narrows them (cancelled seats of a cancel). */
const seatNames = (db: Database, where: ReturnType<typeof sql<SqlBool>>) =>
  sql<
    string | null
  >`(select ${commaJoined(db, sql.ref('x.seat_name'))} from (select seat_name from reservation_seats where reservation_id = r.id and ${where} order by id) x)`;

/**
 * Each sale, confirmation, migration and refunded cancel in the period, oldest first; at most `limit` rows when given.
 */
async function salesActions(db: Database, q: SalesQuery, limit?: number): Promise<ActionRow[]> {
  const sale = sql<SqlBool>`e.action in ('SELL', 'OPEN', 'CONFIRMED')`;
  return db
    .selectFrom('reservation_events as e')
    .innerJoin('reservations as r', 'r.id', 'e.reservation_id')
    .innerJoin('routes as ro', 'ro.id', 'r.route_id')
    .innerJoin('stations as so', 'so.id', 'r.origin_station_id')
    .innerJoin('stations as sd', 'sd.id', 'r.destination_station_id')
    .leftJoin('trips as t', 't.id', 'r.trip_id')
    .leftJoin('coaches as co', 'co.id', 't.coach_id')
    .leftJoin('outlets as o', 'o.id', 'e.outlet_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .where('r.company_id', '=', q.companyId)
    .where('e.created_at', '>=', q.from)
    .where('e.created_at', '<', q.to)
    .where((eb) => scopeOfEvents(eb, q.scope))
    .where((eb) => eb.or([eb('e.action', 'in', [...SALE_ACTIONS, 'MIGRATE']), isRefundedCancel(eb)]))
    .select([
      'e.created_at as time',
      'e.action as action',
      'r.pnr as pnr',
      'r.status as status',
      't.trip_date as tripDate',
      'co.code as coachCode',
      'ro.name as route',
      'so.name as origin',
      'sd.name as destination',
      sql<
        string | null
      >`case when e.action like 'CANCELLED%' then ${seatNames(db, sql<SqlBool>`status = 5`)} else ${seatNames(db, sql<SqlBool>`true`)} end`.as(
        'seatNames',
      ),
      sql<number>`case when ${sale} then (select coalesce(sum(fare_minor), 0) from reservation_seats where reservation_id = r.id) else 0 end`.as(
        'fareMinor',
      ),
      sql<number>`case when ${sale} then (select coalesce(sum(discount_minor), 0) from reservation_seats where reservation_id = r.id) else 0 end`.as(
        'discountMinor',
      ),
      'e.amount_minor as amountMinor',
      'o.name as outlet',
      'u.username as user',
    ])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .$if(limit !== undefined, (b) => b.limit(limit ?? 0))
    .execute();
}

/** The details reports' rows (ReportsService reaches them through a unit or Reader, `r.repo(DetailsRepository)`). */
export class DetailsRepository {
  constructor(private readonly db: Database) {}

  salesActions(q: SalesQuery, limit?: number): Promise<ActionRow[]> {
    return salesActions(this.db, q, limit);
  }
}
