import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { expectLedgerInvariant, PADMA } from './support';

describe('demo records seed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('gives the demo agent deposits in every state and a deposit in the ledger, keeping the ৳50,000 balance', async () => {
    const token = await t.login('agent');
    expect((await t.call('GET', `/api/account/${PADMA}`, { token })).body.balance).toBe(50_000);
    const deposits = (await t.call('POST', '/api/account/depositList', { token, body: { companyId: PADMA } })).body;
    expect(deposits.items.map((d: { status: string }) => d.status)).toEqual(['PENDING', 'REJECTED', 'APPROVED']);
    const tx = (
      await t.call('POST', '/api/account/searchTransactions', {
        token,
        body: { companyId: PADMA, startDate: '2026-01-01', endDate: '2026-01-31' },
      })
    ).body;
    expect(tx.items.map((r: { reason: string }) => r.reason)).toEqual(['DEPOSIT', 'OPENING_DEPOSIT']);
    expect(tx.items[0]).toMatchObject({
      amount: 10_000,
      balance: 50_000,
      employee: 'Demo operator',
      referenceNo: 'DBBL-2026-0001',
    });
    expect(tx.totals).toEqual({ credit: 50_000, debit: 0, openingBalance: 0, closingBalance: 50_000 });
    await expectLedgerInvariant(t);
  });
});
