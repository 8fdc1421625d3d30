import type { Database } from '../../db/database';
import { engineOf } from '../../db/engine';
import { queryRows } from '../../db/precompiled';

/** The agent account a reservation is charged to: its id, plan and credit limit. */
export interface ChargedAccount {
  id: number;
  plan: 'PREPAID' | 'POSTPAID';
  creditLimitMinor: number | null;
}

/** What charging a reservation reads. Every sale runs it: SQL made once (db/precompiled.ts), not built per call. */
export class ChargingRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inside a unit (a repository got from it): the account, locked until the unit ends: its balance is read next
   * for the ledger row, one posting at a time per account. On PostgreSQL one statement both locks and reads (an
   * update that changes nothing returns the row once the unit holding it has ended); on SQLite the unit already
   * holds the database's write lock.
   */
  async lockedAccount(agentId: number, companyId: number): Promise<ChargedAccount | null> {
    const [row] = await queryRows<{ id: number; plan: 'PREPAID' | 'POSTPAID'; credit_limit_minor: number | null }>(
      this.db,
      engineOf(this.db) === 'postgres'
        ? 'update agent_accounts set id = id where agent_id = ? and company_id = ? returning id, plan, credit_limit_minor'
        : 'select id, plan, credit_limit_minor from agent_accounts where agent_id = ? and company_id = ?',
      [agentId, companyId],
    );
    return row ? { id: row.id, plan: row.plan, creditLimitMinor: row.credit_limit_minor } : null;
  }
}
