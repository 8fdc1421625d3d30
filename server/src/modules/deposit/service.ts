import {
  MAX_DATE_RANGE_DAYS,
  dateRangeDays,
  type Deposit,
  type depositListRequestSchema,
  type depositRequestSchema,
} from '@agent-portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { toMinor } from '../../lib/money';
import { localDateRange, pageWindow, parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { IdempotencyService } from '../idempotency/service';
import type { VoucherService } from '../voucher/service';
import { depositRows, toDeposit } from './repository';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from './transaction-id';
import { runUnit } from '../../db/units';

type DepositBody = z.output<typeof depositRequestSchema>;
type ListBody = z.output<typeof depositListRequestSchema>;

export interface DepositPage {
  items: Deposit[];
  page: number;
  pageSize: number;
  total: number;
}

/** Rejects an inverted date range, or one longer than MAX_DATE_RANGE_DAYS, with a field error rather than a page. */
export function assertDateOrder(startDate: string | undefined, endDate: string | undefined): void {
  if (startDate && endDate && startDate > endDate) throw fieldError({ endDate: 'must not be before startDate' });
  if (startDate && endDate && dateRangeDays(startDate, endDate) > MAX_DATE_RANGE_DAYS) {
    throw fieldError({ endDate: `at most ${MAX_DATE_RANGE_DAYS} days after startDate, both counted` });
  }
}

/**
 * Deposit requests: an agent asks, the operator approves (one ledger credit)
 * or rejects. The request itself moves no money.
 */
/** An answer stored for an Idempotency-Key before deposits were numbered has no voucherNo. */
type StoredDeposit = Omit<Deposit, 'voucherNo'> & { voucherNo?: string | null };
const replayed = (stored: StoredDeposit): Deposit => ({ ...stored, voucherNo: stored.voucherNo ?? null });

export class DepositService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly accounts: AccountService,
    private readonly idempotency: IdempotencyService,
    private readonly vouchers: VoucherService,
  ) {}

  /** Records a PENDING request and gives it its voucher (receipt) number in the same transaction. */
  async request(principal: Principal, body: DepositBody, idempotencyKey: string | null): Promise<Deposit> {
    const amountMinor = toMinor(body.amount);
    if (amountMinor !== toMinor(body.confirmAmount)) {
      throw new AppError(
        'AMOUNT_MISMATCH',
        { fields: { confirmAmount: 'must equal amount' } },
        'The confirmation amount differs from the amount',
      );
    }
    const requestHash = IdempotencyService.requestHash('deposit', body);
    if (idempotencyKey) {
      const earlier = await this.idempotency.stored<StoredDeposit>(
        this.db,
        principal.userId,
        idempotencyKey,
        requestHash,
      );
      if (earlier) return replayed(earlier);
    }
    // The agent must have an account with the company to be credited later.
    await this.accounts.accountRow(principal.agentId, body.companyId);
    return runUnit(this.db, async (trx) => {
      if (idempotencyKey) {
        const stored = await this.idempotency.stored<StoredDeposit>(trx, principal.userId, idempotencyKey, requestHash);
        if (stored) return replayed(stored);
      }
      const taken = await trx
        .selectFrom('deposit_requests')
        .select('id')
        .where('agent_id', '=', principal.agentId)
        // The unique index's own comparison (collate nocase: ASCII letters in any case). Lower-casing
        // here instead folded letters SQLite does not (Ä, İ), missed the duplicate, and the insert
        // then broke the index with a 500.
        .where(sql<boolean>`reference_number = ${body.referenceNumber} collate nocase`)
        .executeTakeFirst();
      if (taken) {
        throw new AppError('DUPLICATE_REFERENCE_NUMBER', {
          fields: { referenceNumber: 'already used by another deposit' },
          referenceNumber: body.referenceNumber,
        });
      }
      const { id } = await trx
        .insertInto('deposit_requests')
        .values({
          agent_id: principal.agentId,
          company_id: body.companyId,
          user_id: principal.userId,
          outlet_id: principal.outletId,
          amount_minor: amountMinor,
          reference_number: body.referenceNumber,
          description: body.description || null,
          remarks: body.remarks || null,
          created_at: this.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.vouchers.issue(
        trx,
        principal,
        body.companyId,
        'DEPOSIT',
        { referenceId: depositTransactionId(id), amountMinor },
        null,
      );
      const answer = toDeposit(await depositRows(trx).where('d.id', '=', id).executeTakeFirstOrThrow());
      if (idempotencyKey) await this.idempotency.store(trx, principal.userId, idempotencyKey, requestHash, answer);
      return answer;
    });
  }

  async list(principal: Principal, body: ListBody): Promise<DepositPage> {
    assertDateOrder(body.startDate, body.endDate);
    const empty = { items: [], page: body.page, pageSize: body.pageSize, total: 0 };
    const { from, to } = localDateRange(this.config.timeZone, body.startDate, body.endDate);
    let q = this.db
      .selectFrom('deposit_requests as d')
      .where('d.agent_id', '=', principal.agentId)
      .where('d.company_id', '=', body.companyId);
    if (from) q = q.where('d.created_at', '>=', from);
    if (to) q = q.where('d.created_at', '<', to);
    if (body.status) q = q.where('d.status', '=', body.status);
    if (body.transactionId) {
      const id = parseFormattedId(body.transactionId, DEPOSIT_ID_PREFIX);
      if (id === null) return empty;
      q = q.where('d.id', '=', id);
    }
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(n);
    const window = pageWindow(body.page, body.pageSize, total);
    if (!window) return { ...empty, total };
    const [field, dir] = body.sort.split(',');
    const direction = (dir === 'desc') !== window.reversed ? 'desc' : 'asc';
    const ids = await q
      .select('d.id')
      .orderBy(field === 'amount' ? 'd.amount_minor' : 'd.created_at', direction)
      .orderBy('d.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    const order = ids.map((r) => r.id);
    if (window.reversed) order.reverse();
    const rows = order.length ? await depositRows(this.db).where('d.id', 'in', order).execute() : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      items: order.flatMap((id) => {
        const r = byId.get(id);
        return r ? [toDeposit(r)] : [];
      }),
      page: body.page,
      pageSize: body.pageSize,
      total,
    };
  }
}
