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

/** Which of an agent's charges with one company a list shows (created_at bounds as ISO instants). */
export interface ChargeFilter {
  agentId: number;
  companyId: number;
  from: string | null | undefined;
  to: string | null | undefined;
  status: ChargeRow['status'] | null | undefined;
  reservationPnr: string | null | undefined;
  tripId: number | null | undefined;
}

/** Extra weight charges, and the reservation history rows they add. */
export class ExtraWeightRepository {
  constructor(private readonly db: Database) {}

  /** A new ACTIVE charge; its id. */
  async insert(c: {
    pnr: string;
    reservationId: number;
    companyId: number;
    agentId: number;
    outletId: number | null;
    userId: number;
    amountMinor: number;
    description: string;
    at: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('extra_weight_charges')
      .values({
        pnr: c.pnr,
        reservation_id: c.reservationId,
        company_id: c.companyId,
        agent_id: c.agentId,
        outlet_id: c.outletId,
        user_id: c.userId,
        amount_minor: c.amountMinor,
        description: c.description,
        last_print_type: null,
        created_at: c.at,
        cancelled_at: null,
        cancelled_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async markCancelled(id: number, at: string, userId: number): Promise<void> {
    await this.db
      .updateTable('extra_weight_charges')
      .set({ status: 'CANCELLED', cancelled_at: at, cancelled_by_user_id: userId })
      .where('id', '=', id)
      .execute();
  }

  /**
   * One more print of the charge's receipt, of this type; the new print count. The original prints once: an
   * ORIGINAL of a receipt printed before is recorded as a REPRINT, decided in the one statement so two at once
   * record one ORIGINAL.
   */
  async countPrint(id: number, printType: 'ORIGINAL' | 'REPRINT' | 'RETURN'): Promise<number> {
    const updated = await this.db
      .updateTable('extra_weight_charges')
      .set((eb) => ({
        print_count: eb('print_count', '+', 1),
        last_print_type:
          printType === 'ORIGINAL'
            ? eb
                .case()
                .when('print_count', '=', 0)
                .then('ORIGINAL')
                .else('REPRINT')
                .end()
                .$castTo<'ORIGINAL' | 'REPRINT'>()
            : printType,
      }))
      .where('id', '=', id)
      .returning('print_count')
      .executeTakeFirstOrThrow();
    return updated.print_count;
  }

  /** A charge as its answer shows it; throws when there is none. */
  byIdOrThrow(id: number): Promise<ChargeRow> {
    return chargeRows(this.db).where('x.id', '=', id).executeTakeFirstOrThrow();
  }

  /** A charge by its PNR, or undefined. */
  byPnr(pnr: string): Promise<ChargeRow | undefined> {
    return chargeRows(this.db).where('x.pnr', '=', pnr).executeTakeFirst();
  }

  private filtered(f: ChargeFilter) {
    let q = chargeRows(this.db).where('x.agent_id', '=', f.agentId).where('x.company_id', '=', f.companyId);
    if (f.from) q = q.where('x.created_at', '>=', f.from);
    if (f.to) q = q.where('x.created_at', '<', f.to);
    if (f.status) q = q.where('x.status', '=', f.status);
    if (f.reservationPnr) q = q.where('r.pnr', '=', f.reservationPnr);
    if (f.tripId) q = q.where('r.trip_id', '=', f.tripId);
    return q;
  }

  /** How many charges the filter keeps. */
  async count(f: ChargeFilter): Promise<number> {
    const { n } = await this.filtered(f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** One page of the filter's charges by creation time then id, in `direction`. */
  page(f: ChargeFilter, direction: 'asc' | 'desc', window: { limit: number; offset: number }): Promise<ChargeRow[]> {
    return this.filtered(f)
      .orderBy('x.created_at', direction)
      .orderBy('x.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  /**
   * Whether a reservation or a charge already has this PNR. One after the other: a unit's statements share one
   * connection (PostgreSQL's client would queue them anyway).
   */
  async pnrTaken(pnr: string): Promise<boolean> {
    const r = await this.db.selectFrom('reservations').select('id').where('pnr', '=', pnr).executeTakeFirst();
    const x = r
      ? undefined
      : await this.db.selectFrom('extra_weight_charges').select('id').where('pnr', '=', pnr).executeTakeFirst();
    return Boolean(r || x);
  }
}
