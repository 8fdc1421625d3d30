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
