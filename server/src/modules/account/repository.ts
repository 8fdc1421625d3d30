import type { Database } from '../../db/database';
import type { NewLedgerEntry } from '../../db/schema';

export interface AccountRow {
  id: number;
  agentId: number;
  companyId: number;
  plan: 'PREPAID' | 'POSTPAID';
  creditLimitMinor: number | null;
  currencyCode: string;
  currencySymbol: string;
}

export class AccountRepository {
  constructor(private readonly db: Database) {}

  async find(agentId: number, companyId: number): Promise<AccountRow | null> {
    const row = await this.db
      .selectFrom('agent_accounts')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          agentId: row.agent_id,
          companyId: row.company_id,
          plan: row.plan,
          creditLimitMinor: row.credit_limit_minor,
          currencyCode: row.currency_code,
          currencySymbol: row.currency_symbol,
        }
      : null;
  }

  async allIds(): Promise<number[]> {
    return (await this.db.selectFrom('agent_accounts').select('id').orderBy('id').execute()).map((r) => r.id);
  }

  /** Credits minus debits over every ledger row of the account. */
  async sumMinor(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select((eb) =>
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('entry_type', '=', 'CREDIT').then(eb.ref('amount_minor')).else(eb.neg(eb.ref('amount_minor'))).end()),
            eb.lit(0),
          )
          .as('total'),
      )
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async lastBalanceMinor(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      // Without a limit SQLite hands back every row of the account and the balance read grows with the ledger.
      .limit(1)
      .executeTakeFirst();
    return row?.balance_after_minor ?? 0;
  }

  async entries(accountId: number) {
    return this.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  }

  async insertEntry(entry: NewLedgerEntry): Promise<number> {
    const row = await this.db.insertInto('ledger_entries').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
}
