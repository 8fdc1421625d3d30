import type { Transaction, TransactionPage, transactionSearchRequestSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import { formatId, localDateRange, pageWindow, parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { assertDateOrder } from '../deposit/service';

type SearchBody = z.output<typeof transactionSearchRequestSchema>;

export const TRANSACTION_ID_PREFIX = 'TX';
export const transactionIdOf = (entryId: number): string => formatId(TRANSACTION_ID_PREFIX, entryId, 10);

/**
 * The ledger as the Transaction screen shows it. Rows are read in
 * (created_at, id) order: the ledger is appended inside serialised write
 * transactions stamped with the time of writing, so that is also the order
 * the balances were computed in, and the balance before a date is the
 * balance after the last row before it.
 */
export class TransactionService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly accounts: AccountService,
  ) {}

  async search(principal: Principal, body: SearchBody): Promise<TransactionPage> {
    assertDateOrder(body.startDate, body.endDate);
    const account = await this.accounts.accountRow(principal.agentId, body.companyId);
    const { from, to } = localDateRange(this.config.timeZone, body.startDate, body.endDate) as { from: string; to: string };
    const [openingBalance, closingBalance] = await Promise.all([this.balanceBefore(account.id, from), this.balanceBefore(account.id, to)]);
    const result = (items: Transaction[], total: number, credit: number, debit: number): TransactionPage => ({
      items,
      page: body.page,
      pageSize: body.pageSize,
      total,
      totals: { credit: fromMinor(credit), debit: fromMinor(debit), openingBalance: fromMinor(openingBalance), closingBalance: fromMinor(closingBalance) },
    });

    let q = this.db.selectFrom('ledger_entries as l').where('l.account_id', '=', account.id).where('l.created_at', '>=', from).where('l.created_at', '<', to);
    if (body.type) q = q.where('l.entry_type', '=', body.type);
    if (body.reason) q = q.where('l.kind', '=', body.reason);
    if (body.referenceNo) q = q.where('l.reference', '=', body.referenceNo);
    if (body.transactionId) {
      const id = parseFormattedId(body.transactionId, TRANSACTION_ID_PREFIX);
      if (id === null) return result([], 0, 0, 0);
      q = q.where('l.id', '=', id);
    }
    const agg = await q
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('l.entry_type', '=', 'CREDIT').then(eb.ref('l.amount_minor')).else(0).end()), eb.lit(0)).as('credit'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('l.entry_type', '=', 'DEBIT').then(eb.ref('l.amount_minor')).else(0).end()), eb.lit(0)).as('debit'),
      ])
      .executeTakeFirstOrThrow();
    const total = Number(agg.n);
    const window = pageWindow(body.page, body.pageSize, total);
    if (!window) return result([], total, Number(agg.credit), Number(agg.debit));
    const direction = (body.sort === 'dateTime,desc') !== window.reversed ? 'desc' : 'asc';
    const ids = (await q.select('l.id').orderBy('l.created_at', direction).orderBy('l.id', direction).limit(window.limit).offset(window.offset).execute()).map((r) => r.id);
    if (window.reversed) ids.reverse();
    return result(await this.rows(ids), total, Number(agg.credit), Number(agg.debit));
  }

  private async balanceBefore(accountId: number, before: string): Promise<number> {
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

  /** The display rows of a page, in the order of `ids`. */
  private async rows(ids: number[]): Promise<Transaction[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('ledger_entries as l')
      .leftJoin('users as u', 'u.id', 'l.created_by_user_id')
      .leftJoin('deposit_requests as d', 'd.ledger_entry_id', 'l.id')
      .leftJoin('outlets as o', (join) => join.on((eb) => eb('o.id', '=', eb.fn.coalesce('d.outlet_id', 'u.outlet_id'))))
      .select(['l.id', 'l.created_at', 'l.entry_type', 'l.kind', 'l.amount_minor', 'l.balance_after_minor', 'l.reference', 'l.description', 'u.username', 'o.name as outlet', 'd.employee', 'd.remarks', 'd.decided_at'])
      .where('l.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const amount = fromMinor(r.amount_minor);
      return [
        {
          dateTime: r.created_at,
          type: r.entry_type,
          reason: r.kind,
          outlet: r.outlet,
          agentUser: r.username,
          employee: r.employee,
          transactionId: transactionIdOf(r.id),
          amount,
          credit: r.entry_type === 'CREDIT' ? amount : 0,
          debit: r.entry_type === 'DEBIT' ? amount : 0,
          balance: fromMinor(r.balance_after_minor),
          referenceNo: r.reference,
          description: r.description,
          remarks: r.remarks,
          confirmationTime: r.decided_at ?? r.created_at,
          confirmed: true,
        },
      ];
    });
  }
}
