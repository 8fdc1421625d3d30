import type { Deposit, DepositStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { depositRows, toDeposit } from './repository';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from './transaction-id';
import { runUnit } from '../../db/units';

export type DepositListing = Deposit & { agentCode: string; companyCode: string };

/**
 * The operator's side of deposits (the command line): list them, approve
 * (credit the agent's account in the same transaction that marks the
 * request) or reject. A decided request cannot be decided again.
 */
export class DepositOperatorService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  async list(status: DepositStatus | null, limit = 200): Promise<DepositListing[]> {
    let q = depositRows(this.db)
      .innerJoin('agents as a', 'a.id', 'd.agent_id')
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select(['a.code as agent_code', 'c.code as company_code']);
    if (status) q = q.where('d.status', '=', status);
    const rows = await q.orderBy('d.id', 'desc').limit(limit).execute();
    return rows.reverse().map((r) => ({ ...toDeposit(r), agentCode: r.agent_code, companyCode: r.company_code }));
  }

  async decide(
    transactionId: string,
    decision: 'APPROVE' | 'REJECT',
    employee: string,
  ): Promise<{ deposit: Deposit; balanceAfter: number | null }> {
    const id = parseFormattedId(transactionId, DEPOSIT_ID_PREFIX);
    if (id === null) throw new AppError('DEPOSIT_NOT_FOUND', { transactionId });
    return runUnit(this.db, async (trx) => {
      const row = await depositRows(trx).where('d.id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('DEPOSIT_NOT_FOUND', { transactionId });
      if (row.status !== 'PENDING')
        throw new AppError(
          'NOT_PERMITTED',
          { status: row.status },
          `deposit ${depositTransactionId(id)} is already ${row.status}`,
        );
      const nowIso = this.clock.now().toISOString();
      let balanceAfter: number | null = null;
      let ledgerEntryId: number | null = null;
      if (decision === 'APPROVE') {
        const account = await trx
          .selectFrom('agent_accounts')
          .select('id')
          .where('agent_id', '=', row.agent_id)
          .where('company_id', '=', row.company_id)
          .executeTakeFirst();
        if (!account)
          throw new AppError(
            'AGENT_NOT_FOUND',
            { companyId: row.company_id },
            'The agent has no account with this company',
          );
        const posted = await this.accounts.post(
          {
            accountId: account.id,
            entryType: 'CREDIT',
            amountMinor: row.amount_minor,
            kind: 'DEPOSIT',
            reference: row.reference_number,
            description: `Deposit ${depositTransactionId(id)}${row.description ? `: ${row.description}` : ''}`,
            // The agent user who asked: the transactions grid shows who deposited; the employee column shows who
            // confirmed.
            userId: row.user_id,
          },
          trx,
        );
        ledgerEntryId = posted.entryId;
        balanceAfter = posted.balanceAfterMinor / 100;
      }
      await trx
        .updateTable('deposit_requests')
        .set({
          status: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
          decided_at: nowIso,
          employee,
          ledger_entry_id: ledgerEntryId,
        })
        .where('id', '=', id)
        .execute();
      return {
        deposit: toDeposit(await depositRows(trx).where('d.id', '=', id).executeTakeFirstOrThrow()),
        balanceAfter,
      };
    });
  }
}
