import type { Account } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { fromMinor, type Minor } from '../../lib/money';
import { AppError } from '../../http/app-error';
import { AccountRepository, type AccountRow } from './repository';
import type { NewLedgerEntry } from '../../db/schema';
import { lockForWrite, runUnit, type Unit } from '../../db/units';
import { liveBusOf } from '../../db/live-bus';
import { raiseBalance } from '../live/raise';

export const PLAN_DISPLAY_NAMES = { PREPAID: 'Prepaid', POSTPAID: 'Postpaid' } as const;

export interface LedgerPosting {
  accountId: number;
  entryType: 'CREDIT' | 'DEBIT';
  amountMinor: Minor;
  /** What moved the money: OPENING_DEPOSIT, SALE, REFUND, COMMISSION, DEPOSIT ... */
  kind: string;
  reference?: string | null;
  description?: string | null;
  userId?: number | null;
}

/**
 * Agent accounts and their append-only ledger. The balance is the sum of
 * the rows (credits minus debits); each row also records the balance after
 * it, computed inside the same transaction.
 */
export class AccountService {
  private readonly repo: AccountRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new AccountRepository(db);
  }

  async accountRow(agentId: number, companyId: number): Promise<AccountRow> {
    const account = await this.repo.find(agentId, companyId);
    if (!account) throw new AppError('AGENT_NOT_FOUND', { companyId }, 'The agent has no account with this company');
    return account;
  }

  async planOf(agentId: number, companyId: number): Promise<Account['plan']> {
    const account = await this.accountRow(agentId, companyId);
    return { name: account.plan, displayName: PLAN_DISPLAY_NAMES[account.plan] };
  }

  async account(agentId: number, companyId: number): Promise<Account> {
    const account = await this.accountRow(agentId, companyId);
    const balance = await this.repo.sumMinor(account.id);
    const prepaid = account.plan === 'PREPAID';
    return {
      companyId,
      plan: { name: account.plan, displayName: PLAN_DISPLAY_NAMES[account.plan] },
      balance: fromMinor(balance),
      bill: prepaid ? 0 : fromMinor(Math.max(0, -balance)),
      creditLimit: prepaid ? null : fromMinor(account.creditLimitMinor ?? 0),
      currency: { code: account.currencyCode, symbol: account.currencySymbol },
    };
  }

  /**
   * Appends one ledger row: inside the unit `uow` when given, else in a unit of its own. `accountLocked`: the
   * caller's unit has locked the account already (it read the account's plan with the lock,
   * reservation/repository-charging.ts).
   */
  async post(
    posting: LedgerPosting,
    uow?: Unit,
    { accountLocked = false } = {},
  ): Promise<{ entryId: number; balanceAfterMinor: Minor }> {
    const run = async (unit: Unit) => {
      const { entry, balanceAfterMinor } = await this.nextEntry(unit, posting, accountLocked);
      return { entryId: await unit.repo(AccountRepository).insertEntry(entry), balanceAfterMinor };
    };
    return uow ? run(uow) : runUnit(this.db, run);
  }

  /**
   * Inside the caller's unit, which has locked the account: appends a ledger row whose id nothing reads back (a
   * charge or refund of a reservation): one of the unit's deferred writes while it defers them (Unit.deferred), sent
   * with its other write-only rows (one statement on PostgreSQL). The balance after it is computed now, from the row
   * before it, as post does.
   */
  async append(uow: Unit, posting: LedgerPosting): Promise<{ balanceAfterMinor: Minor }> {
    const { entry, balanceAfterMinor } = await this.nextEntry(uow, posting, true);
    await uow.repo(AccountRepository).appendEntry(entry);
    return { balanceAfterMinor };
  }

  /** The ledger row `posting` makes next, its balance after it computed from the last row, under the account's lock. */
  private async nextEntry(
    uow: Unit,
    posting: LedgerPosting,
    accountLocked: boolean,
  ): Promise<{ entry: NewLedgerEntry; balanceAfterMinor: Minor }> {
    if (!Number.isSafeInteger(posting.amountMinor) || posting.amountMinor <= 0) {
      throw new Error(`ledger amount must be a positive whole number of paisa, got ${posting.amountMinor}`);
    }
    // One posting at a time per account.
    if (!accountLocked) await lockForWrite(uow, 'agent_accounts', posting.accountId);
    const before = await uow.repo(AccountRepository).lastBalanceMinor(posting.accountId);
    // Live balance chip (issue #35): the account moves once this unit commits.
    await raiseBalance(liveBusOf(this.db), uow, posting.accountId);
    const balanceAfterMinor = before + (posting.entryType === 'CREDIT' ? posting.amountMinor : -posting.amountMinor);
    return {
      entry: {
        account_id: posting.accountId,
        entry_type: posting.entryType,
        amount_minor: posting.amountMinor,
        balance_after_minor: balanceAfterMinor,
        kind: posting.kind,
        reference: posting.reference ?? null,
        description: posting.description ?? null,
        created_by_user_id: posting.userId ?? null,
        created_at: this.clock.now().toISOString(),
      },
      balanceAfterMinor,
    };
  }

  /** For checks and tests: every account's sum of rows and last recorded balance. */
  async ledgerReport(): Promise<
    { accountId: number; sumMinor: number; lastBalanceMinor: number; runningOk: boolean }[]
  > {
    const report = [];
    for (const accountId of await this.repo.allIds()) {
      const entries = await this.repo.entries(accountId);
      let running = 0;
      let runningOk = true;
      for (const e of entries) {
        running += e.entry_type === 'CREDIT' ? e.amount_minor : -e.amount_minor;
        if (running !== e.balance_after_minor) runningOk = false;
      }
      report.push({
        accountId,
        sumMinor: await this.repo.sumMinor(accountId),
        lastBalanceMinor: await this.repo.lastBalanceMinor(accountId),
        runningOk,
      });
    }
    return report;
  }
}
