/** Helpers of the money-and-records tests: deposits through the API, the operator CLI, ledger checks. */
import { expect } from 'vitest';
import type { Ctx } from '../selling/fixtures';

export const PADMA = 1;
export const MEGHNA = 2;

export { runOperator as cli } from '../selling/fixtures';

export function depositBody(referenceNumber: string, amount = 1000, extra: Record<string, unknown> = {}) {
  return {
    companyId: PADMA,
    amount,
    confirmAmount: amount,
    referenceNumber,
    description: 'Bank deposit',
    remarks: 'Sonali Bank',
    ...extra,
  };
}

export async function requestDeposit(t: Ctx, token: string, referenceNumber: string, amount = 1000, companyId = PADMA) {
  const res = await t.call('POST', '/api/account/deposit', {
    token,
    body: depositBody(referenceNumber, amount, { companyId }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { transactionId: string; status: string; amount: number };
}

/** The last number PADMA's DEPOSIT voucher counter gave out (0 before the first), read from the table. */
export async function depositCounter(t: Ctx): Promise<number> {
  return (
    (
      await t.db
        .selectFrom('voucher_counters')
        .select('last_no')
        .where('company_id', '=', PADMA)
        .where('kind', '=', 'DEPOSIT')
        .executeTakeFirst()
    )?.last_no ?? 0
  );
}

/** PADMA's DEPOSIT voucher number `n` as the counter writes it. */
export const depositVoucherNo = (n: number) => `DV-${PADMA}-${String(n).padStart(7, '0')}`;

/** Every account: the balance equals the sum of its rows and each row's balance-after runs on from the last. */
export async function expectLedgerInvariant(t: Ctx): Promise<void> {
  for (const r of await t.app.services.accounts.ledgerReport()) {
    expect(r.runningOk, `account ${r.accountId}`).toBe(true);
    expect(r.lastBalanceMinor, `account ${r.accountId}`).toBe(r.sumMinor);
  }
}

/** The trigger-kept daily buckets hold exactly what the rows add up to. */
export async function expectBucketsMatch(t: Ctx): Promise<void> {
  const ledgerTruth = await t.db
    .selectFrom('ledger_entries')
    .select((eb) => [
      'account_id',
      eb.fn<string>('substr', ['created_at', eb.lit(1), eb.lit(10)]).as('day'),
      'entry_type',
      'kind',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount_minor').as('amount_minor'),
    ])
    .groupBy(['account_id', 'day', 'entry_type', 'kind'])
    .orderBy('account_id')
    .orderBy('day')
    .orderBy('entry_type')
    .orderBy('kind')
    .execute();
  const ledgerBuckets = await t.db
    .selectFrom('ledger_daily')
    .selectAll()
    .where('n', '>', 0)
    .orderBy('account_id')
    .orderBy('day')
    .orderBy('entry_type')
    .orderBy('kind')
    .execute();
  expect(ledgerBuckets.map((b) => ({ ...b }))).toEqual(
    ledgerTruth.map((r) => ({ ...r, n: Number(r.n), amount_minor: Number(r.amount_minor) })),
  );
  const commissionTruth = await t.db
    .selectFrom('commissions')
    .select((eb) => [
      'agent_id',
      'company_id',
      eb.fn<string>('substr', ['created_at', eb.lit(1), eb.lit(10)]).as('day'),
      'paid',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount_minor').as('amount_minor'),
    ])
    .groupBy(['agent_id', 'company_id', 'day', 'paid'])
    .orderBy('agent_id')
    .orderBy('company_id')
    .orderBy('day')
    .orderBy('paid')
    .execute();
  const commissionBuckets = await t.db
    .selectFrom('commission_daily')
    .selectAll()
    .where('n', '>', 0)
    .orderBy('agent_id')
    .orderBy('company_id')
    .orderBy('day')
    .orderBy('paid')
    .execute();
  expect(commissionBuckets.map((b) => ({ ...b }))).toEqual(
    commissionTruth.map((r) => ({ ...r, n: Number(r.n), amount_minor: Number(r.amount_minor) })),
  );
}
