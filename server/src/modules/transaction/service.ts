import type { Transaction, TransactionPage, transactionSearchRequestSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import { dayChunk, pageSpan, splitRange, type Chunk } from '../../lib/day-chunks';
import { formatId, localDateRange, parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { assertDateOrder } from '../deposit/service';

type SearchBody = z.output<typeof transactionSearchRequestSchema>;

interface Filters {
  accountId: number;
  type: 'CREDIT' | 'DEBIT' | undefined;
  reason: string | undefined;
  referenceNo: string | undefined;
  entryId: number | null;
}
interface Sums {
  n: number;
  credit: number;
  debit: number;
}

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
    const { from, to } = localDateRange(this.config.timeZone, body.startDate, body.endDate) as {
      from: string;
      to: string;
    };
    const [openingBalance, closingBalance] = await Promise.all([
      this.balanceBefore(account.id, from),
      this.balanceBefore(account.id, to),
    ]);
    const result = (items: Transaction[], total: number, sums: Sums): TransactionPage => ({
      items,
      page: body.page,
      pageSize: body.pageSize,
      total,
      totals: {
        credit: fromMinor(sums.credit),
        debit: fromMinor(sums.debit),
        openingBalance: fromMinor(openingBalance),
        closingBalance: fromMinor(closingBalance),
      },
    });
    const filters: Filters = {
      accountId: account.id,
      type: body.type,
      reason: body.reason,
      referenceNo: body.referenceNo,
      entryId: null,
    };
    if (body.transactionId) {
      filters.entryId = parseFormattedId(body.transactionId, TRANSACTION_ID_PREFIX);
      if (filters.entryId === null) return result([], 0, { n: 0, credit: 0, debit: 0 });
    }
    const offset = (body.page - 1) * body.pageSize;
    const descending = body.sort === 'dateTime,desc';
    // A transaction id or reference number matches a handful of rows: count them directly.
    const chunks =
      filters.entryId !== null || filters.referenceNo
        ? [{ start: from, end: to, ...(await this.exact(filters, from, to)) }]
        : await this.chunks(filters, from, to);
    const sums = chunks.reduce(
      (acc, c) => ({ n: acc.n + c.n, credit: acc.credit + c.credit, debit: acc.debit + c.debit }),
      { n: 0, credit: 0, debit: 0 },
    );
    const at = pageSpan(chunks, offset, body.pageSize, descending);
    if (!at) return result([], sums.n, sums);
    const direction = descending ? 'desc' : 'asc';
    // Rows outside the page's first and last chunks are excluded by time, so the skip stays inside one day.
    const ids = (
      await this.rowsOf(filters, at.from, at.to)
        .select('l.id')
        .orderBy('l.created_at', direction)
        .orderBy('l.id', direction)
        .limit(body.pageSize)
        .offset(at.skip)
        .execute()
    ).map((r) => r.id);
    return result(await this.rows(ids), sums.n, sums);
  }

  /** The range as chunks: exact partial hours at the ends, daily buckets between. */
  private async chunks(f: Filters, from: string, to: string): Promise<(Chunk & Sums)[]> {
    const parts = splitRange(from, to);
    const out: (Chunk & Sums)[] = [];
    if (parts.edges.before)
      out.push({
        start: parts.edges.before[0],
        end: parts.edges.before[1],
        ...(await this.exact(f, ...parts.edges.before)),
      });
    if (parts.days) {
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
        .where('day', '>=', parts.days.fromDay)
        .where('day', '<', parts.days.toDay);
      if (f.type) q = q.where('entry_type', '=', f.type);
      if (f.reason) q = q.where('kind', '=', f.reason);
      for (const h of await q
        .groupBy('day')
        .having((eb) => eb.fn.sum('n'), '>', 0)
        .orderBy('day')
        .execute()) {
        out.push({ ...dayChunk(h.day, Number(h.n)), credit: Number(h.credit), debit: Number(h.debit) });
      }
    }
    if (parts.edges.after)
      out.push({
        start: parts.edges.after[0],
        end: parts.edges.after[1],
        ...(await this.exact(f, ...parts.edges.after)),
      });
    return out;
  }

  private rowsOf(f: Filters, from: string, to: string) {
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

  /** Counts and sums from the rows themselves (a partial day, or a selective filter). */
  private async exact(f: Filters, from: string, to: string): Promise<Sums> {
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
