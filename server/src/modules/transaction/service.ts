import type { Transaction, TransactionPage, transactionSearchRequestSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Units } from '../../db/units';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import { dayChunk, pageSpan, splitRange, type Chunk } from '../../lib/day-chunks';
import { formatId, localDateRange, parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { assertDateOrder } from '../deposit/service';
import { TransactionRepository, type LedgerFilter as Filters, type LedgerSums as Sums } from './repository';

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
    private readonly units: Units,
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
      this.units.read((r) => r.repo(TransactionRepository).balanceBefore(account.id, from)),
      this.units.read((r) => r.repo(TransactionRepository).balanceBefore(account.id, to)),
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
        ? [
            {
              start: from,
              end: to,
              ...(await this.units.read((r) => r.repo(TransactionRepository).exactSums(filters, from, to))),
            },
          ]
        : await this.chunks(filters, from, to);
    const sums = chunks.reduce(
      (acc, c) => ({ n: acc.n + c.n, credit: acc.credit + c.credit, debit: acc.debit + c.debit }),
      { n: 0, credit: 0, debit: 0 },
    );
    const at = pageSpan(chunks, offset, body.pageSize, descending);
    if (!at) return result([], sums.n, sums);
    const direction = descending ? 'desc' : 'asc';
    // Rows outside the page's first and last chunks are excluded by time, so the skip stays inside one day.
    const ids = await this.units.read((r) =>
      r.repo(TransactionRepository).pageIds(filters, at.from, at.to, direction, body.pageSize, at.skip),
    );
    return result(await this.rows(ids), sums.n, sums);
  }

  /** The range as chunks: exact partial hours at the ends, daily buckets between. */
  private async chunks(f: Filters, from: string, to: string): Promise<(Chunk & Sums)[]> {
    const parts = splitRange(from, to);
    const { before, after } = parts.edges;
    const days = parts.days;
    const out: (Chunk & Sums)[] = [];
    if (before)
      out.push({
        start: before[0],
        end: before[1],
        ...(await this.units.read((r) => r.repo(TransactionRepository).exactSums(f, ...before))),
      });
    if (days) {
      for (const h of await this.units.read((r) =>
        r.repo(TransactionRepository).dailySums(f, days.fromDay, days.toDay),
      )) {
        out.push({ ...dayChunk(h.day, h.n), credit: h.credit, debit: h.debit });
      }
    }
    if (after)
      out.push({
        start: after[0],
        end: after[1],
        ...(await this.units.read((r) => r.repo(TransactionRepository).exactSums(f, ...after))),
      });
    return out;
  }

  /** The display rows of a page, in the order of `ids`. */
  private async rows(ids: number[]): Promise<Transaction[]> {
    if (ids.length === 0) return [];
    const rows = await this.units.read((r) => r.repo(TransactionRepository).displayRows(ids));
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
