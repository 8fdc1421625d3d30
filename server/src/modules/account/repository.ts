import type { Database } from '../../db/database';
import { insertRows, queryRows } from '../../db/precompiled';
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
            eb.fn.sum<number>(
              eb
                .case()
                .when('entry_type', '=', 'CREDIT')
                .then(eb.ref('amount_minor'))
                .else(eb.neg(eb.ref('amount_minor')))
                .end(),
            ),
            eb.lit(0),
          )
          .as('total'),
      )
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Every sale posts through here: SQL made once (db/precompiled.ts), not built per call. */
  async lastBalanceMinor(accountId: number): Promise<number> {
    // Without a limit SQLite hands back every row of the account and the balance read grows with the ledger.
    const [row] = await queryRows<{ balance_after_minor: number }>(
      this.db,
      'select balance_after_minor from ledger_entries where account_id = ? order by id desc limit 1',
      [accountId],
    );
    return row?.balance_after_minor ?? 0;
  }

  async entries(accountId: number) {
    return this.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  }

  /** A ledger row whose id nothing reads back: one of the unit's deferred writes while it defers them. */
  async appendEntry(entry: NewLedgerEntry): Promise<void> {
    await insertRows(this.db, 'ledger_entries', [{ ...entry }], false);
  }

  async insertEntry(entry: NewLedgerEntry): Promise<number> {
    const [row] = await insertRows<'ledger_entries', { id: number }>(this.db, 'ledger_entries', [{ ...entry }], true);
    if (!row) throw new Error('insert into ledger_entries returned no row');
    return row.id;
  }
}
