import type { createVoucherRequestSchema, Permission, Voucher, VoucherKind } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { assertPermission } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor, toMinor } from '../../lib/money';
import { parseFormattedId } from '../../lib/paging';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from '../deposit/transaction-id';
import { runUnit, type Unit } from '../../db/units';
import { VoucherRepository } from './repository';

type CreateBody = z.output<typeof createVoucherRequestSchema>;

const PREFIX: Record<VoucherKind, string> = { DEPOSIT: 'DV', EXTRA_WEIGHT: 'XV', EXTRA_WEIGHT_RETURN: 'XR' };
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
 */
export class VoucherService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async nextNo(
    principal: Principal,
    companyId: number,
    kind: VoucherKind,
    uow?: Unit,
  ): Promise<{ kind: VoucherKind; voucherNo: string }> {
    assertPermission(principal, { allOf: [VOUCHER_PERMISSION[kind]] });
    const work = async (uow: Unit) => {
      const lastNo = await uow.repo(VoucherRepository).nextCounter(companyId, kind);
      return { kind, voucherNo: `${PREFIX[kind]}-${companyId}-${String(lastNo).padStart(7, '0')}` };
    };
    return uow ? work(uow) : runUnit(this.db, work);
  }

  async create(principal: Principal, body: CreateBody): Promise<Voucher> {
    assertPermission(principal, { allOf: [VOUCHER_PERMISSION[body.kind]] });
    return runUnit(this.db, async (uow) => {
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
    const voucherNo = await this.unusedNo(uow, principal, companyId, kind);
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
   * The counter's next number not held by a voucher yet. Before the server
   * numbered every voucher, clients could choose theirs: a number one took
   * ahead of the counter is skipped, never collided with.
   */
  private async unusedNo(uow: Unit, principal: Principal, companyId: number, kind: VoucherKind): Promise<string> {
    for (;;) {
      const { voucherNo } = await this.nextNo(principal, companyId, kind, uow);
      if (!(await uow.repo(VoucherRepository).numberUsed(voucherNo))) return voucherNo;
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
