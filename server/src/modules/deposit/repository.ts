import type { Deposit } from '@agent-portal/contract';
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
