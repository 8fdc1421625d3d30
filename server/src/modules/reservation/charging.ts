import type { Unit } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { AccountService } from '../account/service';
import { ChargingRepository } from './repository-charging';

/** A charge or a refund of an agent's account with a company, as its ledger row will read. */
interface LedgerMovement {
  agentId: number;
  companyId: number;
  userId: number;
  amountMinor: number;
  kind: string;
  reference: string;
  description: string;
}

/**
 * Money of a reservation against the agent's account: a prepaid balance
 * must cover a charge (INSUFFICIENT_BALANCE); on other plans the bill may
 * grow up to the credit limit (CREDIT_LIMIT_EXCEEDED). Always inside the
 * caller's write transaction, so the check and the ledger row are atomic.
 */
export class ReservationCharging {
  constructor(private readonly accounts: AccountService) {}

  /**
   * Posts the debit, then checks the balance it leaves: a refusal throws and
   * the caller's transaction rolls the row back, so the check and the row are
   * one atomic step without reading the balance twice.
   */
  async charge(uow: Unit, p: LedgerMovement): Promise<void> {
    if (p.amountMinor <= 0) return;
    const { account, balanceAfterMinor: after } = await this.post(uow, 'DEBIT', p);
    const before = after + p.amountMinor;
    if (account.plan === 'PREPAID') {
      if (after < 0)
        throw new AppError('INSUFFICIENT_BALANCE', { balance: before / 100, required: p.amountMinor / 100 });
    } else if (-after > (account.creditLimitMinor ?? 0)) {
      throw new AppError('CREDIT_LIMIT_EXCEEDED', {
        creditLimit: (account.creditLimitMinor ?? 0) / 100,
        bill: Math.max(0, -before) / 100,
        required: p.amountMinor / 100,
      });
    }
  }

  async refund(uow: Unit, p: LedgerMovement): Promise<void> {
    if (p.amountMinor <= 0) return;
    await this.post(uow, 'CREDIT', p);
  }

  /**
   * The movement's ledger row on the agent's account, which it locks first; its id is not read back, so the row is
   * one of the unit's deferred writes when the caller defers them (Unit.deferred: a sale's other write-only rows).
   */
  private async post(uow: Unit, entryType: 'DEBIT' | 'CREDIT', p: LedgerMovement) {
    const account = await this.account(uow, p.agentId, p.companyId);
    const posting = {
      accountId: account.id,
      entryType,
      amountMinor: p.amountMinor,
      kind: p.kind,
      reference: p.reference,
      description: p.description,
      userId: p.userId,
    };
    const { balanceAfterMinor } = await this.accounts.append(uow, posting);
    return { account, balanceAfterMinor };
  }

  /** Locked for the unit: the ledger row posted next computes its balance from the one before it. */
  private async account(uow: Unit, agentId: number, companyId: number) {
    const account = await uow.repo(ChargingRepository).lockedAccount(agentId, companyId);
    if (!account) throw new AppError('AGENT_NOT_FOUND', { companyId }, 'The agent has no account with this company');
    return account;
  }
}
