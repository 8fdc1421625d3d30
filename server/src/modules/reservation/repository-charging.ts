import type { Database } from '../../db/database';
import { queryRows } from '../../db/precompiled';

/** The agent account a reservation is charged to: its id, plan and credit limit. */
export interface ChargedAccount {
  id: number;
  plan: 'PREPAID' | 'POSTPAID';
  creditLimitMinor: number | null;
}

/** What charging a reservation reads. Every sale runs it: SQL made once (db/precompiled.ts), not built per call. */
export class ChargingRepository {
  /** Read through the transaction: the one SQLite connection is held by it, so another handle would wait forever. */
  async account(trx: Database, agentId: number, companyId: number): Promise<ChargedAccount | null> {
    const [row] = await queryRows<{ id: number; plan: 'PREPAID' | 'POSTPAID'; credit_limit_minor: number | null }>(
      trx,
      'select id, plan, credit_limit_minor from agent_accounts where agent_id = ? and company_id = ?',
      [agentId, companyId],
    );
    return row ? { id: row.id, plan: row.plan, creditLimitMinor: row.credit_limit_minor } : null;
  }
}
