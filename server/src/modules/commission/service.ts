import type { Database } from '../../db/database';
import { insertRows } from '../../db/precompiled';
import type { Clock } from '../../lib/clock';
import { TtlCache } from '../../lib/ttl-cache';

export interface CommissionRule {
  type: 'PERCENT' | 'FIXED';
  /** Percent in hundredths or paisa per seat. */
  valueHundredths: number;
}

/**
 * Commission per agent and route: a percent of each seat's fare or a fixed
 * amount per seat, credited unpaid on each sale or confirmation and
 * reversed (a negative row) on cancel. Paid when the operator settles.
 */
export class CommissionService {
  private readonly rules = new TtlCache<string, CommissionRule | null>(10_000);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  ruleFor(agentId: number, routeId: number, db: Database = this.db): Promise<CommissionRule | null> {
    return this.rules.get(`${agentId}/${routeId}`, () => this.loadRule(agentId, routeId, db));
  }

  private async loadRule(agentId: number, routeId: number, db: Database): Promise<CommissionRule | null> {
    const row = await db.selectFrom('agent_route_commissions').select(['commission_type', 'value_hundredths']).where('agent_id', '=', agentId).where('route_id', '=', routeId).executeTakeFirst();
    return row ? { type: row.commission_type, valueHundredths: row.value_hundredths } : null;
  }

  /** One seat's commission in paisa, rounded to the paisa. */
  seatCommission(rule: CommissionRule | null, fareMinor: number): number {
    if (!rule) return 0;
    return rule.type === 'FIXED' ? Math.min(rule.valueHundredths, fareMinor) : Math.round((fareMinor * rule.valueHundredths) / 10_000);
  }

  async credit(trx: Database, row: { agentId: number; companyId: number; reservationId: number; amountMinor: number; rule: CommissionRule | null }): Promise<void> {
    if (row.amountMinor === 0) return;
    // Every sale credits one: SQL made once (db/precompiled.ts), not built per call.
    await insertRows(
      trx,
      'commissions',
      [
        {
          agent_id: row.agentId,
          company_id: row.companyId,
          reservation_id: row.reservationId,
          kind: row.amountMinor > 0 ? 'SALE' : 'REVERSAL',
          rate_hundredths: row.rule?.valueHundredths ?? null,
          commission_type: row.rule?.type ?? null,
          amount_minor: row.amountMinor,
          created_at: this.clock.now().toISOString(),
        },
      ],
      false,
    );
  }

  /** Unpaid commission per agent and company (property tests, settlement). */
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
}
