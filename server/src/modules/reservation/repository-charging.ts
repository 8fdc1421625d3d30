import type { Database } from '../../db/database';
import { lockedRead } from '../../db/row-lock';

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
   * for the ledger row, one posting at a time per account. Locked and read in one statement (db/row-lock.ts
   * lockedRead, as Unit.lockRow locks a row by its id).
   */
  async lockedAccount(agentId: number, companyId: number): Promise<ChargedAccount | null> {
    const [row] = await lockedRead<{ id: number; plan: 'PREPAID' | 'POSTPAID'; credit_limit_minor: number | null }>(
      this.db,
      {
        table: 'agent_accounts',
        columns: 'id, plan, credit_limit_minor',
        where: 'agent_id = ? and company_id = ?',
        whereParameters: [agentId, companyId],
      },
    );
    return row ? { id: row.id, plan: row.plan, creditLimitMinor: row.credit_limit_minor } : null;
  }
}
