/** Helpers of the money-and-records tests: deposits through the API, the operator CLI, ledger checks. */
import { expect } from 'vitest';
import { runCli } from '../../src/cli';
import type { Ctx } from '../selling/fixtures';

export const PADMA = 1;
export const MEGHNA = 2;

export async function cli(t: Ctx, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { config: t.config, db: t.db, clock: t.clock, io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
  return { code, out, err };
}

export function depositBody(referenceNumber: string, amount = 1000, extra: Record<string, unknown> = {}) {
  return { companyId: PADMA, amount, confirmAmount: amount, referenceNumber, description: 'Bank deposit', remarks: 'Sonali Bank', ...extra };
}

export async function requestDeposit(t: Ctx, token: string, referenceNumber: string, amount = 1000, companyId = PADMA) {
  const res = await t.call('POST', '/api/account/deposit', { token, body: depositBody(referenceNumber, amount, { companyId }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { transactionId: string; status: string; amount: number };
}

/** Every account: the balance equals the sum of its rows and each row's balance-after runs on from the last. */
export async function expectLedgerInvariant(t: Ctx): Promise<void> {
  for (const r of await t.app.services.accounts.ledgerReport()) {
    expect(r.runningOk, `account ${r.accountId}`).toBe(true);
    expect(r.lastBalanceMinor, `account ${r.accountId}`).toBe(r.sumMinor);
  }
}
