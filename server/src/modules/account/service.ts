import type { Account } from '@agent-portal/contract';
import type { Clock } from '../../lib/clock';
import { fromMinor, type Minor } from '../../lib/money';
import { AppError } from '../../http/app-error';
import { AccountRepository, type AccountRow } from './repository';
import type { NewLedgerEntry } from '../../db/schema';
import type { Unit, Units } from '../../db/units';
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
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {}

  /** The reads of this module (each its own statement, outside any unit). */
  private read<T>(work: (repo: AccountRepository) => Promise<T>): Promise<T> {
    return this.units.read((r) => work(r.repo(AccountRepository)));
  }

  async accountRow(agentId: number, companyId: number): Promise<AccountRow> {
    const account = await this.read((repo) => repo.find(agentId, companyId));
    if (!account) throw new AppError('AGENT_NOT_FOUND', { companyId }, 'The agent has no account with this company');
    return account;
  }

  async planOf(agentId: number, companyId: number): Promise<Account['plan']> {
    const account = await this.accountRow(agentId, companyId);
    return { name: account.plan, displayName: PLAN_DISPLAY_NAMES[account.plan] };
  }

  /**
   * The agent's account with `companyId`; its balance is `balanceMinor` when given (a committed posting's balance
   * after it, which the live balance event carries), else the balance its last ledger row left: what the next posting
   * builds on and a charge is checked against (nextEntry), one row by the account's index. The rows' sum, which it
   * equals by the posting rule (ledgerReport checks both), grew with the ledger: a year of a busy counter's rows on
   * every screen's balance chip (bench:records).
   */
  async account(agentId: number, companyId: number, balanceMinor?: Minor): Promise<Account> {
    return this.accountOf(await this.accountRow(agentId, companyId), companyId, balanceMinor);
  }

  /** The account as `account` answers it, from its row `row` read before (the live streams keep it a moment). */
  async accountOf(row: AccountRow, companyId: number, balanceMinor?: Minor): Promise<Account> {
    const balance = balanceMinor ?? (await this.read((repo) => repo.lastBalanceMinor(row.id)));
    const prepaid = row.plan === 'PREPAID';
    return {
      companyId,
      plan: { name: row.plan, displayName: PLAN_DISPLAY_NAMES[row.plan] },
      balance: fromMinor(balance),
      bill: prepaid ? 0 : fromMinor(Math.max(0, -balance)),
      creditLimit: prepaid ? null : fromMinor(row.creditLimitMinor ?? 0),
      currency: { code: row.currencyCode, symbol: row.currencySymbol },
    };
  }

  /**
   * Appends one ledger row inside the caller's unit `uow`. `accountLocked`: the caller's unit has locked the account
   * already (it read the account's plan with the lock, reservation/repository-charging.ts).
   */
  async post(
    uow: Unit,
    posting: LedgerPosting,
    { accountLocked = false } = {},
  ): Promise<{ entryId: number; balanceAfterMinor: Minor }> {
    const { entry, balanceAfterMinor } = await this.nextEntry(uow, posting, accountLocked);
    return { entryId: await uow.repo(AccountRepository).insertEntry(entry), balanceAfterMinor };
  }

  /** Appends one ledger row in a unit of its own (the seed, tests: a posting that is the whole change). */
  postAlone(posting: LedgerPosting): Promise<{ entryId: number; balanceAfterMinor: Minor }> {
    return this.units.run((uow) => this.post(uow, posting));
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
    if (!accountLocked) await uow.lockRow('agent_accounts', posting.accountId);
    const before = await uow.repo(AccountRepository).lastBalanceMinor(posting.accountId);
    const balanceAfterMinor = before + (posting.entryType === 'CREDIT' ? posting.amountMinor : -posting.amountMinor);
    // Live balance chip (issue #35): the account moves once this unit commits, to the balance this row leaves.
    await raiseBalance(this.units.live, uow, posting.accountId, balanceAfterMinor);
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
    for (const accountId of await this.read((repo) => repo.allIds())) {
      const entries = await this.read((repo) => repo.entries(accountId));
      let running = 0;
      let runningOk = true;
      for (const e of entries) {
        running += e.entry_type === 'CREDIT' ? e.amount_minor : -e.amount_minor;
        if (running !== e.balance_after_minor) runningOk = false;
      }
      report.push({
        accountId,
        sumMinor: await this.read((repo) => repo.sumMinor(accountId)),
        lastBalanceMinor: await this.read((repo) => repo.lastBalanceMinor(accountId)),
        runningOk,
      });
    }
    return report;
  }
}
