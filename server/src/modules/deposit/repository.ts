import type { Deposit, DepositStatus } from '@agent-portal/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { zeroPadded } from '../../db/portable-sql';
import { fromMinor } from '../../lib/money';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from './transaction-id';

/** The columns a deposit answer needs, with the requesting user and outlet, and its voucher number. */
export function depositRows(db: Database) {
  return (
    db
      .selectFrom('deposit_requests as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('outlets as o', 'o.id', 'd.outlet_id')
      // A voucher names its deposit by transaction id (DP + 8 digits), on the unique (company, kind, reference) index.
      .leftJoin('vouchers as v', (join) =>
        join
          .onRef('v.company_id', '=', 'd.company_id')
          .on('v.kind', '=', 'DEPOSIT')
          .on('v.reference_id', '=', sql<string>`${DEPOSIT_ID_PREFIX} || ${zeroPadded(db, sql.ref('d.id'), 8)}`),
      )
      .select([
        'd.id',
        'd.agent_id',
        'd.company_id',
        'd.user_id',
        'd.amount_minor',
        'd.reference_number',
        'd.description',
        'd.remarks',
        'd.status',
        'd.created_at',
        'd.decided_at',
        'd.employee',
        'u.username',
        'o.name as outlet',
        'v.voucher_no',
      ])
  );
}

export type DepositRow = Awaited<ReturnType<ReturnType<typeof depositRows>['executeTakeFirstOrThrow']>>;

export function toDeposit(r: DepositRow): Deposit {
  return {
    transactionId: depositTransactionId(r.id),
    companyId: r.company_id,
    dateTime: r.created_at,
    amount: fromMinor(r.amount_minor),
    referenceNumber: r.reference_number,
    description: r.description,
    remarks: r.remarks,
    user: r.username,
    outlet: r.outlet ?? '',
    status: r.status,
    decisionTime: r.decided_at,
    employee: r.employee,
    voucherNo: r.voucher_no ?? null,
  };
}

/** Which of an agent's deposit requests with one company a list shows (created_at bounds as ISO instants). */
export interface DepositFilter {
  agentId: number;
  companyId: number;
  from: string | null | undefined;
  to: string | null | undefined;
  status: DepositStatus | null | undefined;
  id: number | null;
}

/** Deposit requests: the agent's requests and lists, the operator's decisions. */
export class DepositRepository {
  constructor(private readonly db: Database) {}

  /** A request of this agent with the same reference number (the unique index's comparison), if any. */
  referenceTaken(agentId: number, referenceNumber: string) {
    return (
      this.db
        .selectFrom('deposit_requests')
        .select('id')
        .where('agent_id', '=', agentId)
        // The unique index's own comparison (collate nocase: ASCII letters in any case). Lower-casing
        // here instead folded letters SQLite does not (Ä, İ), missed the duplicate, and the insert
        // then broke the index with a 500.
        .where(sql<boolean>`reference_number = ${referenceNumber} collate nocase`)
        .executeTakeFirst()
    );
  }

  /** A new PENDING request; its id. */
  async insertRequest(row: {
    agentId: number;
    companyId: number;
    userId: number;
    outletId: number | null;
    amountMinor: number;
    referenceNumber: string;
    description: string | null;
    remarks: string | null;
    at: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('deposit_requests')
      .values({
        agent_id: row.agentId,
        company_id: row.companyId,
        user_id: row.userId,
        outlet_id: row.outletId,
        amount_minor: row.amountMinor,
        reference_number: row.referenceNumber,
        description: row.description,
        remarks: row.remarks,
        created_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** One request as a deposit answer shows it, or undefined. */
  byId(id: number): Promise<DepositRow | undefined> {
    return depositRows(this.db).where('d.id', '=', id).executeTakeFirst();
  }

  /** One request as a deposit answer shows it; throws when there is none. */
  byIdOrThrow(id: number): Promise<DepositRow> {
    return depositRows(this.db).where('d.id', '=', id).executeTakeFirstOrThrow();
  }

  /** Requests as deposit answers show them, in no particular order. */
  byIds(ids: number[]): Promise<DepositRow[]> {
    return depositRows(this.db).where('d.id', 'in', ids).execute();
  }

  private filtered(f: DepositFilter) {
    let q = this.db
      .selectFrom('deposit_requests as d')
      .where('d.agent_id', '=', f.agentId)
      .where('d.company_id', '=', f.companyId);
    if (f.from) q = q.where('d.created_at', '>=', f.from);
    if (f.to) q = q.where('d.created_at', '<', f.to);
    if (f.status) q = q.where('d.status', '=', f.status);
    if (f.id !== null) q = q.where('d.id', '=', f.id);
    return q;
  }

  /** How many requests the filter keeps. */
  async count(f: DepositFilter): Promise<number> {
    const { n } = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The ids of one page of the filter's requests, by amount or creation time then id, in `direction`. */
  async pageIds(
    f: DepositFilter,
    by: 'amount' | 'created',
    direction: 'asc' | 'desc',
    window: { limit: number; offset: number },
  ): Promise<number[]> {
    const rows = await this.filtered(f)
      .select('d.id')
      .orderBy(by === 'amount' ? 'd.amount_minor' : 'd.created_at', direction)
      .orderBy('d.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The operator's list: the latest `limit` requests (one status, or all), newest first, with agent and company. */
  operatorList(status: DepositStatus | null, limit: number) {
    let q = depositRows(this.db)
      .innerJoin('agents as a', 'a.id', 'd.agent_id')
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select(['a.code as agent_code', 'c.code as company_code']);
    if (status) q = q.where('d.status', '=', status);
    return q.orderBy('d.id', 'desc').limit(limit).execute();
  }

  /** The id of the agent's account with the company, if it has one. */
  async accountId(agentId: number, companyId: number): Promise<number | null> {
    const account = await this.db
      .selectFrom('agent_accounts')
      .select('id')
      .where('agent_id', '=', agentId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return account ? account.id : null;
  }

  /** Marks a request decided (APPROVED with its ledger entry, or REJECTED). */
  async decide(
    id: number,
    d: { status: 'APPROVED' | 'REJECTED'; at: string; employee: string; ledgerEntryId: number | null },
  ): Promise<void> {
    await this.db
      .updateTable('deposit_requests')
      .set({ status: d.status, decided_at: d.at, employee: d.employee, ledger_entry_id: d.ledgerEntryId })
      .where('id', '=', id)
      .execute();
  }
}
