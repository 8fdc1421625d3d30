import type { VoucherKind } from '@agent-portal/contract';
import type { Database } from '../../db/database';

/**
 * Vouchers (money receipts), their per-company and per-kind counters, and the money records they are for. Inside a
 * unit, get it from the unit: `uow.repo(VoucherRepository)`.
 */
export class VoucherRepository {
  constructor(private readonly db: Database) {}

  /** The counter's next number for the company and kind (1 for the first): counted up in the same statement. */
  async nextCounter(companyId: number, kind: VoucherKind): Promise<number> {
    const row = await this.db
      .insertInto('voucher_counters')
      .values({ company_id: companyId, kind, last_no: 1 })
      .onConflict((oc) =>
        oc.columns(['company_id', 'kind']).doUpdateSet((eb) => ({ last_no: eb('voucher_counters.last_no', '+', 1) })),
      )
      .returning('last_no')
      .executeTakeFirstOrThrow();
    return row.last_no;
  }

  /** The number held for the user's next voucher of the company and kind (voucher_holds), expired or not. */
  holdOf(companyId: number, kind: VoucherKind, userId: number) {
    return this.db
      .selectFrom('voucher_holds')
      .select(['number', 'expires_at'])
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async hold(companyId: number, kind: VoucherKind, userId: number, number: number, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('voucher_holds')
      .values({ company_id: companyId, kind, user_id: userId, number, expires_at: expiresAt })
      .execute();
  }

  async renewHold(companyId: number, kind: VoucherKind, userId: number, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('voucher_holds')
      .set({ expires_at: expiresAt })
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('user_id', '=', userId)
      .execute();
  }

  async releaseHold(companyId: number, kind: VoucherKind, number: number): Promise<void> {
    await this.db
      .deleteFrom('voucher_holds')
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('number', '=', number)
      .execute();
  }

  /** The lowest held number of the company and kind whose hold has expired by `now`, if any. */
  async lowestExpiredHold(companyId: number, kind: VoucherKind, now: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('voucher_holds')
      .select('number')
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('expires_at', '<=', now)
      .orderBy('number')
      .limit(1)
      .executeTakeFirst();
    return row ? row.number : null;
  }

  /**
   * Gives an expired hold to `userId` until `expiresAt`, only while it is still expired (a conditional write: the
   * unit that lost a race for it changes nothing); whether it did.
   */
  async takeOverHold(
    companyId: number,
    kind: VoucherKind,
    number: number,
    now: string,
    to: { userId: number; expiresAt: string },
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('voucher_holds')
      .set({ user_id: to.userId, expires_at: to.expiresAt })
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('number', '=', number)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** The id of the voucher of one record (company, kind, reference), if it has one. */
  async idOfRecord(companyId: number, kind: VoucherKind, referenceId: string): Promise<number | null> {
    const existing = await this.db
      .selectFrom('vouchers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('reference_id', '=', referenceId)
      .executeTakeFirst();
    return existing ? existing.id : null;
  }

  /** Whether a voucher already holds this number. */
  async numberUsed(voucherNo: string): Promise<boolean> {
    const used = await this.db
      .selectFrom('vouchers')
      .select('id')
      .where('voucher_no', '=', voucherNo)
      .executeTakeFirst();
    return used !== undefined;
  }

  /** A new voucher; its id. */
  async insert(v: {
    voucherNo: string;
    companyId: number;
    kind: VoucherKind;
    referenceId: string;
    amountMinor: number;
    remarks: string | null;
    agentId: number;
    userId: number;
    at: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('vouchers')
      .values({
        voucher_no: v.voucherNo,
        company_id: v.companyId,
        kind: v.kind,
        reference_id: v.referenceId,
        amount_minor: v.amountMinor,
        remarks: v.remarks,
        agent_id: v.agentId,
        user_id: v.userId,
        created_at: v.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A deposit request of the agent under the company: its id and amount. */
  deposit(id: number, agentId: number, companyId: number) {
    return this.db
      .selectFrom('deposit_requests')
      .select(['id', 'amount_minor'])
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  }

  /** An extra weight charge of the agent under the company, by PNR: its PNR, amount and status. */
  extraWeightCharge(pnr: string, agentId: number, companyId: number) {
    return this.db
      .selectFrom('extra_weight_charges')
      .select(['pnr', 'amount_minor', 'status'])
      .where('pnr', '=', pnr)
      .where('agent_id', '=', agentId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  }

  /** A voucher as it prints: with its company, agent, user and the user's outlet. */
  printed(id: number) {
    return this.db
      .selectFrom('vouchers as v')
      .innerJoin('companies as c', 'c.id', 'v.company_id')
      .innerJoin('agents as a', 'a.id', 'v.agent_id')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .leftJoin('outlets as o', 'o.id', 'u.outlet_id')
      .select([
        'v.voucher_no',
        'v.kind',
        'v.company_id',
        'c.name as company_name',
        'v.reference_id',
        'v.amount_minor',
        'v.remarks',
        'a.name as agent_name',
        'o.name as outlet',
        'u.username',
        'v.created_at',
      ])
      .where('v.id', '=', id)
      .executeTakeFirstOrThrow();
  }
}
