import type { Database } from '../../db/database';

/** Which ledger rows of one account the Transaction screen shows. */
export interface LedgerFilter {
  accountId: number;
  type: 'CREDIT' | 'DEBIT' | undefined;
  reason: string | undefined;
  referenceNo: string | undefined;
  entryId: number | null;
}

/** Row count and credit and debit sums (paisa). */
export interface LedgerSums {
  n: number;
  credit: number;
  debit: number;
}

/** The ledger (ledger_entries) and its daily buckets (ledger_daily) as the Transaction screen reads them. */
export class TransactionRepository {
  constructor(private readonly db: Database) {}

  /** Per day in [fromDay, toDay) with rows: their count and sums, from the daily buckets (no filter on reference). */
  async dailySums(f: LedgerFilter, fromDay: string, toDay: string): Promise<({ day: string } & LedgerSums)[]> {
    let q = this.db
      .selectFrom('ledger_daily')
      .select((eb) => [
        'day',
        eb.fn.sum<number>('n').as('n'),
        eb.fn
          .sum<number>(eb.case().when('entry_type', '=', 'CREDIT').then(eb.ref('amount_minor')).else(0).end())
          .as('credit'),
        eb.fn
          .sum<number>(eb.case().when('entry_type', '=', 'DEBIT').then(eb.ref('amount_minor')).else(0).end())
          .as('debit'),
      ])
      .where('account_id', '=', f.accountId)
      .where('day', '>=', fromDay)
      .where('day', '<', toDay);
    if (f.type) q = q.where('entry_type', '=', f.type);
    if (f.reason) q = q.where('kind', '=', f.reason);
    const rows = await q
      .groupBy('day')
      .having((eb) => eb.fn.sum('n'), '>', 0)
      .orderBy('day')
      .execute();
    return rows.map((h) => ({ day: h.day, n: Number(h.n), credit: Number(h.credit), debit: Number(h.debit) }));
  }

  private rowsOf(f: LedgerFilter, from: string, to: string) {
    let q = this.db
      .selectFrom('ledger_entries as l')
      .where('l.account_id', '=', f.accountId)
      .where('l.created_at', '>=', from)
      .where('l.created_at', '<', to);
    if (f.type) q = q.where('l.entry_type', '=', f.type);
    if (f.reason) q = q.where('l.kind', '=', f.reason);
    if (f.referenceNo) q = q.where('l.reference', '=', f.referenceNo);
    if (f.entryId !== null) q = q.where('l.id', '=', f.entryId);
    return q;
  }

  /** Counts and sums from the rows themselves in [from, to) (a partial day, or a selective filter). */
  async exactSums(f: LedgerFilter, from: string, to: string): Promise<LedgerSums> {
    const agg = await this.rowsOf(f, from, to)
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('l.entry_type', '=', 'CREDIT').then(eb.ref('l.amount_minor')).else(0).end(),
            ),
            eb.lit(0),
          )
          .as('credit'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('l.entry_type', '=', 'DEBIT').then(eb.ref('l.amount_minor')).else(0).end(),
            ),
            eb.lit(0),
          )
          .as('debit'),
      ])
      .executeTakeFirstOrThrow();
    return { n: Number(agg.n), credit: Number(agg.credit), debit: Number(agg.debit) };
  }

  /** The ids of a page's rows in [from, to), by (created_at, id) in `direction`, `skip` rows skipped. */
  async pageIds(
    f: LedgerFilter,
    from: string,
    to: string,
    direction: 'asc' | 'desc',
    limit: number,
    skip: number,
  ): Promise<number[]> {
    const rows = await this.rowsOf(f, from, to)
      .select('l.id')
      .orderBy('l.created_at', direction)
      .orderBy('l.id', direction)
      .limit(limit)
      .offset(skip)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The account's balance after its last row before `before` (0 when none). */
  async balanceBefore(accountId: number, before: string): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('account_id', '=', accountId)
      .where('created_at', '<', before)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.balance_after_minor ?? 0;
  }

  /** The rows with these ids as the screen shows them: user, outlet, and the deposit that made a credit. */
  displayRows(ids: number[]) {
    return this.db
      .selectFrom('ledger_entries as l')
      .leftJoin('users as u', 'u.id', 'l.created_by_user_id')
      .leftJoin('deposit_requests as d', 'd.ledger_entry_id', 'l.id')
      .leftJoin('outlets as o', (join) =>
        join.on((eb) => eb('o.id', '=', eb.fn.coalesce('d.outlet_id', 'u.outlet_id'))),
      )
      .select([
        'l.id',
        'l.created_at',
        'l.entry_type',
        'l.kind',
        'l.amount_minor',
        'l.balance_after_minor',
        'l.reference',
        'l.description',
        'u.username',
        'o.name as outlet',
        'd.employee',
        'd.remarks',
        'd.decided_at',
      ])
      .where('l.id', 'in', ids)
      .execute();
  }
}
