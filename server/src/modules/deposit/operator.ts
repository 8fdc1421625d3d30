import type { Deposit, DepositStatus } from '@agent-portal/contract';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { parseFormattedId } from '../../lib/paging';
import type { AccountService } from '../account/service';
import { DepositRepository, toDeposit } from './repository';
import { DEPOSIT_ID_PREFIX, depositTransactionId } from './transaction-id';
import { type Units } from '../../db/units';

export type DepositListing = Deposit & { agentCode: string; companyCode: string };

/**
 * The operator's side of deposits (the command line): list them, approve
 * (credit the agent's account in the same transaction that marks the
 * request) or reject. A decided request cannot be decided again.
 */
export class DepositOperatorService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  async list(status: DepositStatus | null, limit = 200): Promise<DepositListing[]> {
    const rows = await this.units.read((r) => r.repo(DepositRepository).operatorList(status, limit));
    return rows.reverse().map((r) => ({ ...toDeposit(r), agentCode: r.agent_code, companyCode: r.company_code }));
  }

  async decide(
    transactionId: string,
    decision: 'APPROVE' | 'REJECT',
    employee: string,
  ): Promise<{ deposit: Deposit; balanceAfter: number | null }> {
    const id = parseFormattedId(transactionId, DEPOSIT_ID_PREFIX);
    if (id === null) throw new AppError('DEPOSIT_NOT_FOUND', { transactionId });
    return this.units.run(async (uow) => {
      const repo = uow.repo(DepositRepository);
      const row = await repo.byId(id);
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
        const accountId = await repo.accountId(row.agent_id, row.company_id);
        if (accountId === null)
          throw new AppError(
            'AGENT_NOT_FOUND',
            { companyId: row.company_id },
            'The agent has no account with this company',
          );
        const posted = await this.accounts.post(uow, {
          accountId,
          entryType: 'CREDIT',
          amountMinor: row.amount_minor,
          kind: 'DEPOSIT',
          reference: row.reference_number,
          description: `Deposit ${depositTransactionId(id)}${row.description ? `: ${row.description}` : ''}`,
          // The agent user who asked: the transactions grid shows who deposited; the employee column shows who
          // confirmed.
          userId: row.user_id,
        });
        ledgerEntryId = posted.entryId;
        balanceAfter = posted.balanceAfterMinor / 100;
      }
      await repo.decide(id, {
        status: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
        at: nowIso,
        employee,
        ledgerEntryId,
      });
      return {
        deposit: toDeposit(await repo.byIdOrThrow(id)),
        balanceAfter,
      };
    });
  }
}
