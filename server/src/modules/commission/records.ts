import type { Commission, commissionListRequestSchema, commissionPageSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromHundredths, fromMinor } from '../../lib/money';
import { localDateRange, pageWindow } from '../../lib/paging';
import { assertDateOrder } from '../deposit/service';

type ListBody = z.output<typeof commissionListRequestSchema>;
type CommissionPage = z.infer<typeof commissionPageSchema>;

/**
 * The Commission screen and the operator's settlement. Rows are signed
 * (a reversal is negative), so the paid and unpaid totals are plain sums.
 */
export class CommissionRecordsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  async list(principal: Principal, body: ListBody): Promise<CommissionPage> {
    assertDateOrder(body.startDate, body.endDate);
    const { from, to } = localDateRange(this.config.timeZone, body.startDate, body.endDate) as { from: string; to: string };
    const range = this.db
      .selectFrom('commissions as c')
      .where('c.agent_id', '=', principal.agentId)
      .where('c.company_id', '=', body.companyId)
      .where('c.created_at', '>=', from)
      .where('c.created_at', '<', to);
    // One pass over the range's index entries answers both totals and the count of the page's filter.
    const agg = await range
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('c.paid', '=', 1).then(eb.ref('c.amount_minor')).else(0).end()), eb.lit(0)).as('paid'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('c.paid', '=', 0).then(eb.ref('c.amount_minor')).else(0).end()), eb.lit(0)).as('unpaid'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('c.paid', '=', 1).then(1).else(0).end()), eb.lit(0)).as('n_paid'),
      ])
      .executeTakeFirstOrThrow();
    const total = body.paid === undefined ? Number(agg.n) : body.paid ? Number(agg.n_paid) : Number(agg.n) - Number(agg.n_paid);
    const totals = { paid: fromMinor(Number(agg.paid)), unpaid: fromMinor(Number(agg.unpaid)) };
    const window = pageWindow(body.page, body.pageSize, total);
    if (!window) return { items: [], page: body.page, pageSize: body.pageSize, total, totals };
    const filtered = body.paid === undefined ? range : range.where('c.paid', '=', body.paid ? 1 : 0);
    const direction = (body.sort === 'dateTime,desc') !== window.reversed ? 'desc' : 'asc';
    const ids = (await filtered.select('c.id').orderBy('c.created_at', direction).orderBy('c.id', direction).limit(window.limit).offset(window.offset).execute()).map((r) => r.id);
    if (window.reversed) ids.reverse();
    return { items: await this.rows(ids), page: body.page, pageSize: body.pageSize, total, totals };
  }

  private async rows(ids: number[]): Promise<Commission[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('commissions as c')
      .innerJoin('reservations as r', 'r.id', 'c.reservation_id')
      .select(['c.id', 'c.created_at', 'c.kind', 'c.amount_minor', 'c.commission_type', 'c.rate_hundredths', 'c.paid', 'c.paid_at', 'c.employee', 'r.pnr'])
      .where('c.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          dateTime: r.created_at,
          type: r.amount_minor >= 0 ? ('CREDIT' as const) : ('DEBIT' as const),
          reason: r.kind,
          amount: fromMinor(Math.abs(r.amount_minor)),
          commissionType: r.commission_type,
          // Percent is kept in hundredths of a percent; a fixed rate in paisa: both read as /100.
          rate: r.rate_hundredths === null ? null : fromHundredths(r.rate_hundredths),
          referenceNo: r.pnr,
          paid: r.paid === 1,
          payTime: r.paid_at,
          employee: r.employee,
        },
      ];
    });
  }

  /**
   * Marks an agent's unpaid rows paid (all companies), up to the end of a
   * local date when given. Answers how many rows and their net amount.
   */
  async settle(who: string, opts: { until?: string; employee: string }): Promise<{ agentCode: string; rows: number; amount: number }> {
    const agent = await this.db
      .selectFrom('agents as a')
      .leftJoin('users as u', 'u.agent_id', 'a.id')
      .select(['a.id', 'a.code'])
      .where((eb) => eb.or([eb('a.code', '=', who), eb('u.username', '=', who)]))
      .executeTakeFirst();
    if (!agent) throw new AppError('AGENT_NOT_FOUND', { agentCode: who }, `no agent or user named "${who}"`);
    const { to } = localDateRange(this.config.timeZone, undefined, opts.until);
    const nowIso = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('commissions').where('agent_id', '=', agent.id).where('paid', '=', 0);
      if (to) q = q.where('created_at', '<', to);
      const sum = await q.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('amount')]).executeTakeFirstOrThrow();
      let u = trx.updateTable('commissions').set({ paid: 1, paid_at: nowIso, employee: opts.employee }).where('agent_id', '=', agent.id).where('paid', '=', 0);
      if (to) u = u.where('created_at', '<', to);
      await u.execute();
      return { agentCode: agent.code, rows: Number(sum.n), amount: fromMinor(Number(sum.amount)) };
    });
  }
}
