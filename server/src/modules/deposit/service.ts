import {
  MAX_DATE_RANGE_DAYS,
  dateRangeDays,
  type Deposit,
  type depositListRequestSchema,
  type depositRequestSchema,
} from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError, fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { toMinor } from '../../lib/money';
import { localDateRange, pageWindow, parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { IdempotencyService } from '../idempotency/service';
import type { VoucherService } from '../voucher/service';
import { DepositRepository, toDeposit } from './repository';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from './transaction-id';
import type { Units } from '../../db/units';

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
    private readonly units: Units,
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
    const request = IdempotencyService.keyed(principal.userId, idempotencyKey, 'deposit', body);
    const earlier = await this.idempotency.earlier<StoredDeposit>(request);
    if (earlier) return replayed(earlier);
    // The agent must have an account with the company to be credited later.
    await this.accounts.accountRow(principal.agentId, body.companyId);
    const answer = await this.units.run((uow) =>
      this.idempotency.once<StoredDeposit>(uow, request, async () => {
        const repo = uow.repo(DepositRepository);
        const taken = await repo.referenceTaken(principal.agentId, body.referenceNumber);
        if (taken) {
          throw new AppError('DUPLICATE_REFERENCE_NUMBER', {
            fields: { referenceNumber: 'already used by another deposit' },
            referenceNumber: body.referenceNumber,
          });
        }
        const id = await repo.insertRequest({
          agentId: principal.agentId,
          companyId: body.companyId,
          userId: principal.userId,
          outletId: principal.outletId,
          amountMinor,
          referenceNumber: body.referenceNumber,
          description: body.description || null,
          remarks: body.remarks || null,
          at: this.clock.now().toISOString(),
        });
        await this.vouchers.issue(
          uow,
          principal,
          body.companyId,
          'DEPOSIT',
          { referenceId: depositTransactionId(id), amountMinor },
          null,
        );
        return toDeposit(await repo.byIdOrThrow(id));
      }),
    );
    return replayed(answer);
  }

  async list(principal: Principal, body: ListBody): Promise<DepositPage> {
    assertDateOrder(body.startDate, body.endDate);
    const empty = { items: [], page: body.page, pageSize: body.pageSize, total: 0 };
    const { from, to } = localDateRange(this.config.timeZone, body.startDate, body.endDate);
    let id: number | null = null;
    if (body.transactionId) {
      id = parseFormattedId(body.transactionId, DEPOSIT_ID_PREFIX);
      if (id === null) return empty;
    }
    const filter = {
      agentId: principal.agentId,
      companyId: body.companyId,
      from,
      to,
      status: body.status,
      id,
    };
    const total = await this.units.read((r) => r.repo(DepositRepository).count(filter));
    const window = pageWindow(body.page, body.pageSize, total);
    if (!window) return { ...empty, total };
    const [field, dir] = body.sort.split(',');
    const direction = (dir === 'desc') !== window.reversed ? 'desc' : 'asc';
    const order = await this.units.read((r) =>
      r.repo(DepositRepository).pageIds(filter, field === 'amount' ? 'amount' : 'created', direction, window),
    );
    if (window.reversed) order.reverse();
    const rows = order.length ? await this.units.read((r) => r.repo(DepositRepository).byIds(order)) : [];
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
