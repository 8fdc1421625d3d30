import type { Database } from '../../db/database';
import { insertRows } from '../../db/precompiled';

type CommissionKind = 'SALE' | 'REVERSAL';
type CommissionType = 'PERCENT' | 'FIXED';

/** A commission row as the Commission screen shows it, with its reservation's PNR. */
export interface CommissionListRow {
  id: number;
  created_at: string;
  kind: CommissionKind;
  amount_minor: number;
  commission_type: CommissionType | null;
  rate_hundredths: number | null;
  paid: number;
  paid_at: string | null;
  employee: string | null;
  pnr: string;
}

/** Rows and amounts per paid flag (0 or 1), over a range or a day bucket. */
export interface PaidSums {
  paid: number;
  n: number;
  amount: number;
}

interface Who {
  agentId: number;
  companyId: number;
}

/** Commission rules per agent and route, the commission rows and their daily buckets. */
export class CommissionRepository {
  constructor(private readonly db: Database) {}

  /** The agent's rule on the route, with the basis (NET or GROSS) the route's company pays it on. */
  async rule(
    agentId: number,
    routeId: number,
  ): Promise<{ type: CommissionType; valueHundredths: number; basis: 'NET' | 'GROSS' } | null> {
    const row = await this.db
      .selectFrom('agent_route_commissions as arc')
      .innerJoin('routes as r', 'r.id', 'arc.route_id')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .select(['arc.commission_type', 'arc.value_hundredths', 'c.commission_basis'])
      .where('arc.agent_id', '=', agentId)
      .where('arc.route_id', '=', routeId)
      .executeTakeFirst();
    return row
      ? {
          type: row.commission_type,
          valueHundredths: row.value_hundredths,
          basis: row.commission_basis === 'GROSS' ? 'GROSS' : 'NET',
        }
      : null;
  }

  /** Every sale credits one: SQL made once (db/precompiled.ts), not built per call. */
  async insert(row: {
    agentId: number;
    companyId: number;
    reservationId: number;
    kind: CommissionKind;
    rateHundredths: number | null;
    type: CommissionType | null;
    amountMinor: number;
    at: string;
  }): Promise<void> {
    await insertRows(
      this.db,
      'commissions',
      [
        {
          agent_id: row.agentId,
          company_id: row.companyId,
          reservation_id: row.reservationId,
          kind: row.kind,
          rate_hundredths: row.rateHundredths,
          commission_type: row.type,
          amount_minor: row.amountMinor,
          created_at: row.at,
        },
      ],
      false,
    );
  }

  async unpaidMinor(agentId: number, companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('commissions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
      .where('agent_id', '=', agentId)
      .where('company_id', '=', companyId)
      .where('paid', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  private rowsOf(who: Who, from: string, to: string, paid: boolean | undefined) {
    let q = this.db
      .selectFrom('commissions as c')
      .where('c.agent_id', '=', who.agentId)
      .where('c.company_id', '=', who.companyId);
    if (paid !== undefined) q = q.where('c.paid', '=', paid ? 1 : 0);
    return q.where('c.created_at', '>=', from).where('c.created_at', '<', to);
  }

  /** Ids of one page of rows created in [from, to), by time then id. */
  async pageIds(
    who: Who,
    span: { from: string; to: string; skip: number; limit: number },
    paid: boolean | undefined,
    direction: 'asc' | 'desc',
  ): Promise<number[]> {
    const rows = await this.rowsOf(who, span.from, span.to, paid)
      .select('c.id')
      .orderBy('c.created_at', direction)
      .orderBy('c.id', direction)
      .limit(span.limit)
      .offset(span.skip)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Rows and amounts per paid flag of the rows created in [from, to). */
  async sumsByPaid(who: Who, from: string, to: string): Promise<PaidSums[]> {
    const rows = await this.rowsOf(who, from, to, undefined)
      .select((eb) => ['c.paid', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('c.amount_minor').as('amount')])
      .groupBy('c.paid')
      .execute();
    return rows.map((r) => ({ paid: r.paid, n: Number(r.n), amount: Number(r.amount) }));
  }

  /** The daily buckets (commission_daily) of UTC days [fromDay, toDay) that hold rows, by day. */
  async dailyBuckets(who: Who, fromDay: string, toDay: string): Promise<(PaidSums & { day: string })[]> {
    const rows = await this.db
      .selectFrom('commission_daily')
      .select(['day', 'paid', 'n', 'amount_minor'])
      .where('agent_id', '=', who.agentId)
      .where('company_id', '=', who.companyId)
      .where('day', '>=', fromDay)
      .where('day', '<', toDay)
      .where('n', '>', 0)
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: r.day, paid: r.paid, n: r.n, amount: r.amount_minor }));
  }

  async withPnrs(ids: readonly number[]): Promise<CommissionListRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('commissions as c')
      .innerJoin('reservations as r', 'r.id', 'c.reservation_id')
      .select([
        'c.id',
        'c.created_at',
        'c.kind',
        'c.amount_minor',
        'c.commission_type',
        'c.rate_hundredths',
        'c.paid',
        'c.paid_at',
        'c.employee',
        'r.pnr',
      ])
      .where('c.id', 'in', [...ids])
      .execute();
  }

  /** The agent whose code, or one of whose users' username, is `who`. */
  async agentByCodeOrUsername(who: string): Promise<{ id: number; code: string } | undefined> {
    return this.db
      .selectFrom('agents as a')
      .leftJoin('users as u', 'u.agent_id', 'a.id')
      .select(['a.id', 'a.code'])
      .where((eb) => eb.or([eb('a.code', '=', who), eb('u.username', '=', who)]))
      .executeTakeFirst();
  }

  /** A company's commission basis (migration 0018), by its code; with `set`, changed to it first. */
  async companyBasis(code: string, set?: 'NET' | 'GROSS'): Promise<{ code: string; basis: string } | undefined> {
    if (set) await this.db.updateTable('companies').set({ commission_basis: set }).where('code', '=', code).execute();
    return this.db
      .selectFrom('companies')
      .select(['code', 'commission_basis as basis'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Inside a unit: the agent's unpaid rows (created before `to` when given) counted, summed and marked paid. */
  async settleUnpaid(
    agentId: number,
    to: string | null | undefined,
    paidAt: string,
    employee: string,
  ): Promise<{ n: number; amountMinor: number }> {
    let q = this.db.selectFrom('commissions').where('agent_id', '=', agentId).where('paid', '=', 0);
    if (to) q = q.where('created_at', '<', to);
    const sum = await q
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow();
    let u = this.db
      .updateTable('commissions')
      .set({ paid: 1, paid_at: paidAt, employee })
      .where('agent_id', '=', agentId)
      .where('paid', '=', 0);
    if (to) u = u.where('created_at', '<', to);
    await u.execute();
    return { n: Number(sum.n), amountMinor: Number(sum.amount) };
  }
}
