import type { createVoucherRequestSchema, Permission, Voucher, VoucherKind } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { assertPermission } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor, toMinor } from '../../lib/money';
import { parseFormattedId } from '../../lib/paging';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from '../deposit/transaction-id';
import { type Unit, type Units } from '../../db/units';
import { VoucherRepository } from './repository';

type CreateBody = z.output<typeof createVoucherRequestSchema>;

const PREFIX: Record<VoucherKind, string> = { DEPOSIT: 'DV', EXTRA_WEIGHT: 'XV', EXTRA_WEIGHT_RETURN: 'XR' };
/** A receipt number as printed: DV-<company>-0000001. */
const formatNo = (kind: VoucherKind, companyId: number, number: number) =>
  `${PREFIX[kind]}-${companyId}-${String(number).padStart(7, '0')}`;
/** Who may print each kind of receipt: whoever may make the record. */
export const VOUCHER_PERMISSION: Record<VoucherKind, Permission> = {
  DEPOSIT: 'AGENT_DEPOSIT_REQUEST',
  EXTRA_WEIGHT: 'AGENT_SELL_EXTRA_WEIGHT_CHARGE',
  EXTRA_WEIGHT_RETURN: 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE',
};

/**
 * Money-receipt numbers (per company and kind, never reused, given by the
 * server alone) and the voucher of one money record. A record has at most
 * one voucher, so a reprint shows the number the first print showed.
 *
 * The receipt book has no gaps anyone can punch (issue #32): getVoucherNo
 * (nextNo) does not count the company's sequence up for every call, it holds
 * one number for the caller (voucher_holds), answered again on every call
 * until the caller's next voucher of that company and kind takes it. A hold
 * is the caller's alone for VOUCHER_HOLD_MINUTES after the last call; past
 * that it stays the caller's until someone else needs a number, who then
 * takes it (the lowest first) before the counter gives a new one. So every
 * number the counter gave out is a voucher or a hold, and a script calling
 * getVoucherNo a thousand times moves the sequence by one.
 */
export class VoucherService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'vouchers'>,
  ) {}

  /** getVoucherNo: the number held for the caller's next voucher of the kind under the company. */
  async nextNo(
    principal: Principal,
    companyId: number,
    kind: VoucherKind,
  ): Promise<{ kind: VoucherKind; voucherNo: string }> {
    assertPermission(principal, { allOf: [VOUCHER_PERMISSION[kind]] });
    return this.units.run(async (uow) => {
      const repo = uow.repo(VoucherRepository);
      const now = this.clock.now();
      const until = new Date(now.getTime() + this.config.vouchers.holdMinutes * 60_000).toISOString();
      const mine = await repo.holdOf(companyId, kind, principal.userId);
      if (mine) {
        await repo.renewHold(companyId, kind, principal.userId, until);
        return { kind, voucherNo: formatNo(kind, companyId, mine.number) };
      }
      const taken = await this.takeExpired(uow, companyId, kind, { userId: principal.userId, expiresAt: until });
      if (taken !== null) return { kind, voucherNo: formatNo(kind, companyId, taken) };
      const counted = await this.unusedNo(uow, companyId, kind);
      await repo.hold(companyId, kind, principal.userId, counted, until);
      return { kind, voucherNo: formatNo(kind, companyId, counted) };
    });
  }

  async create(principal: Principal, body: CreateBody): Promise<Voucher> {
    assertPermission(principal, { allOf: [VOUCHER_PERMISSION[body.kind]] });
    return this.units.run(async (uow) => {
      const record = await this.record(uow, principal, body);
      if (record.amountMinor !== toMinor(body.amount))
        throw new AppError('AMOUNT_MISMATCH', {
          fields: { amount: 'must equal the amount of the record' },
          expected: fromMinor(record.amountMinor),
        });
      return this.view(uow, await this.issue(uow, principal, body.companyId, body.kind, record, body.remarks || null));
    });
  }

  /**
   * The voucher of one record, numbered now if it has none yet (inside the caller's
   * unit): a record has at most one voucher, so its number never changes.
   * A deposit request takes its number this way the moment it is made.
   */
  async issue(
    uow: Unit,
    principal: Principal,
    companyId: number,
    kind: VoucherKind,
    record: { referenceId: string; amountMinor: number },
    remarks: string | null,
  ): Promise<number> {
    const repo = uow.repo(VoucherRepository);
    const existing = await repo.idOfRecord(companyId, kind, record.referenceId);
    if (existing !== null) return existing;
    // The server alone numbers vouchers: a number a client chose could be one the counter is
    // still to hand out, and that voucher would then fail on the unique number for every agent.
    const voucherNo = formatNo(kind, companyId, await this.numberFor(uow, principal.userId, companyId, kind));
    return repo.insert({
      voucherNo,
      companyId,
      kind,
      referenceId: record.referenceId,
      amountMinor: record.amountMinor,
      remarks,
      agentId: principal.agentId,
      userId: principal.userId,
      at: this.clock.now().toISOString(),
    });
  }

  /**
   * The number a new voucher of the user takes: the one held for the user, else an expired hold of anyone
   * (so a number a caller left is not lost), else the counter's next.
   */
  private async numberFor(uow: Unit, userId: number, companyId: number, kind: VoucherKind): Promise<number> {
    const repo = uow.repo(VoucherRepository);
    const mine = await repo.holdOf(companyId, kind, userId);
    if (mine) {
      await repo.releaseHold(companyId, kind, mine.number);
      return mine.number;
    }
    const taken = await this.takeExpired(uow, companyId, kind, null);
    if (taken !== null) {
      await repo.releaseHold(companyId, kind, taken);
      return taken;
    }
    return this.unusedNo(uow, companyId, kind);
  }

  /**
   * The lowest expired hold of the company and kind, given over to `to` (or left for the caller to release), or
   * null when there is none. The takeover is conditional on the hold still being expired; on PostgreSQL a unit
   * that raced another for it reruns (SERIALIZABLE) and finds the next.
   */
  private async takeExpired(
    uow: Unit,
    companyId: number,
    kind: VoucherKind,
    to: { userId: number; expiresAt: string } | null,
  ): Promise<number | null> {
    const repo = uow.repo(VoucherRepository);
    const now = this.clock.now().toISOString();
    for (;;) {
      const number = await repo.lowestExpiredHold(companyId, kind, now);
      if (number === null) return null;
      // numberFor deletes it in this unit: two units that read the same hold cannot both commit (SQLite: one
      // writer at a time; PostgreSQL: the second delete of the row is a serialization failure, and reruns).
      if (!to) return number;
      if (await repo.takeOverHold(companyId, kind, number, now, to)) return number;
    }
  }

  /**
   * The counter's next number not held by a voucher yet. Before the server
   * numbered every voucher, clients could choose theirs: a number one took
   * ahead of the counter is skipped, never collided with.
   */
  private async unusedNo(uow: Unit, companyId: number, kind: VoucherKind): Promise<number> {
    const repo = uow.repo(VoucherRepository);
    for (;;) {
      const lastNo = await repo.nextCounter(companyId, kind);
      if (!(await repo.numberUsed(formatNo(kind, companyId, lastNo)))) return lastNo;
    }
  }

  /** The money record a voucher is for, of the caller's agent under the named company. */
  private async record(
    uow: Unit,
    principal: Principal,
    body: CreateBody,
  ): Promise<{ referenceId: string; amountMinor: number }> {
    const repo = uow.repo(VoucherRepository);
    if (body.kind === 'DEPOSIT') {
      const id = parseFormattedId(body.referenceId, DEPOSIT_ID_PREFIX);
      const row = id === null ? undefined : await repo.deposit(id, principal.agentId, body.companyId);
      if (!row) throw new AppError('DEPOSIT_NOT_FOUND', { referenceId: body.referenceId });
      return { referenceId: depositTransactionId(row.id), amountMinor: row.amount_minor };
    }
    const row = await repo.extraWeightCharge(body.referenceId.toUpperCase(), principal.agentId, body.companyId);
    if (!row) throw new AppError('EXTRA_WEIGHT_CHARGE_NOT_FOUND', { referenceId: body.referenceId });
    if (body.kind === 'EXTRA_WEIGHT_RETURN' && row.status !== 'CANCELLED')
      throw new AppError('EXTRA_WEIGHT_NOT_ALLOWED', { status: row.status }, 'The charge has not been returned');
    return { referenceId: row.pnr, amountMinor: row.amount_minor };
  }

  private async view(uow: Unit, id: number): Promise<Voucher> {
    const r = await uow.repo(VoucherRepository).printed(id);
    return {
      voucherNo: r.voucher_no,
      kind: r.kind as VoucherKind,
      companyId: r.company_id,
      companyName: r.company_name,
      referenceId: r.reference_id,
      amount: fromMinor(r.amount_minor),
      remarks: r.remarks,
      agentName: r.agent_name,
      outlet: r.outlet ?? '',
      user: r.username,
      issueTime: r.created_at,
    };
  }
}
