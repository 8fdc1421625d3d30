import type { ExtraWeightCharge } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { fromMinor } from '../../lib/money';

/** A charge with what its answer shows: the reservation, trip, route, user and outlet. */
export function chargeRows(db: Database) {
  return db
    .selectFrom('extra_weight_charges as x')
    .innerJoin('reservations as r', 'r.id', 'x.reservation_id')
    .innerJoin('routes as rt', 'rt.id', 'r.route_id')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .leftJoin('outlets as o', 'o.id', 'x.outlet_id')
    .leftJoin('trips as t', 't.id', 'r.trip_id')
    .leftJoin('coaches as co', 'co.id', 't.coach_id')
    .select([
      'x.id',
      'x.pnr',
      'x.company_id',
      'x.agent_id',
      'x.reservation_id',
      'x.amount_minor',
      'x.description',
      'x.status',
      'x.print_count',
      'x.last_print_type',
      'x.created_at',
      'x.cancelled_at',
      'r.pnr as reservation_pnr',
      'r.passenger_name',
      'r.trip_id',
      'r.from_index',
      'r.to_index',
      't.trip_date',
      'co.code as coach_code',
      'rt.name as route_name',
      'u.username',
      'o.name as outlet',
    ]);
}

export type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargeRows>['executeTakeFirstOrThrow']>>;

export function toCharge(r: ChargeRow): ExtraWeightCharge {
  return {
    pnr: r.pnr,
    reservationPnr: r.reservation_pnr,
    companyId: r.company_id,
    amount: fromMinor(r.amount_minor),
    description: r.description,
    issueTime: r.created_at,
    status: r.status,
    cancelTime: r.cancelled_at,
    lastPrintType: r.last_print_type,
    printCount: r.print_count,
    passengerName: r.passenger_name,
    coachCode: r.coach_code,
    tripDate: r.trip_date,
    routeName: r.route_name,
    agentUser: r.username,
    outlet: r.outlet ?? '',
  };
}
