/**
 * Issue #32, item 9, written as an insider with a script would try it:
 * POST /api/getVoucherNo counted the company's receipt sequence up for
 * anyone who called it, so a loop punched holes in it (a receipt book with
 * numbers nobody can account for). Now it holds one number for the caller,
 * the same on every call until the caller's next voucher takes it, and a
 * hold left past VOUCHER_HOLD_MINUTES goes to the next caller who needs a
 * number: every number the counter gave out is a voucher or a hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, sellingContext, type Ctx } from '../selling/fixtures';
import { depositCounter, depositVoucherNo as dv, PADMA, requestDeposit } from '../records/support';

describe('receipt numbers: getVoucherNo holds one number per user, burns none', () => {
  let t: Ctx;
  let agent: string;
  let clerk: string;
  let cashier: string;
  const voucherNo = (token: string) =>
    t.call('POST', '/api/getVoucherNo', { token, body: { companyId: PADMA, kind: 'DEPOSIT' } });
  /** The company's DEPOSIT counter: the last number it gave out (0 before the first). */
  const counter = () => depositCounter(t);

  beforeAll(async () => {
    t = await sellingContext({ VOUCHER_HOLD_MINUTES: '30' });
    agent = await t.login('agent');
    clerk = await makeUser(t, 'v-clerk', ['AGENT_DEPOSIT_REQUEST'], { companies: ['PADMA'] });
    cashier = await makeUser(t, 'v-cashier', ['AGENT_DEPOSIT_REQUEST'], { companies: ['PADMA'] });
  });
  afterAll(() => t.close());

  it('50 calls (half of them at once) answer one number, the counter moves by one, the next deposit uses it', async () => {
    const before = await counter();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await voucherNo(agent));
    answers.push(...(await Promise.all(Array.from({ length: 25 }, () => voucherNo(agent)))));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const held = answers[0]!.body.voucherNo as string;
    expect(new Set(answers.map((a) => a.body.voucherNo))).toEqual(new Set([held]));
    expect(held).toBe(dv(before + 1));
    expect(await counter()).toBe(before + 1);

    // Another user holds the next number, not the same one.
    expect((await voucherNo(clerk)).body.voucherNo).toBe(dv(before + 2));

    // The caller's deposit takes the held number (its voucher is numbered when it is made); createVoucher shows it.
    const dep = await requestDeposit(t, agent, 'HOLD-1', 100);
    const v = await t.call('POST', '/api/createVoucher', {
      token: agent,
      body: { companyId: PADMA, kind: 'DEPOSIT', referenceId: dep.transactionId, amount: 100 },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body.voucherNo).toBe(held);
    expect(await counter()).toBe(before + 2);

    // Used: the next call holds a new number.
    expect((await voucherNo(agent)).body.voucherNo).toBe(dv(before + 3));
    expect(await counter()).toBe(before + 3);
  });

  it('an expired hold is not lost: the next caller who needs a number takes it, so the sequence has no gap', async () => {
    const clerkHeld = (await voucherNo(clerk)).body.voucherNo as string;
    const agentHeld = (await voucherNo(agent)).body.voucherNo as string;
    expect(agentHeld > clerkHeld).toBe(true);
    t.clock.advance(31 * 60_000);
    const before = await counter();
    // Past their time both holds go to whoever needs a number, the lowest first, before the counter moves:
    // the cashier, who had none, takes the clerk's; the clerk, back, takes the agent's.
    expect((await voucherNo(cashier)).body.voucherNo).toBe(clerkHeld);
    expect((await voucherNo(clerk)).body.voucherNo).toBe(agentHeld);
    expect(await counter()).toBe(before);
    // The agent, back, is held a new number.
    expect((await voucherNo(agent)).body.voucherNo).toBe(dv(before + 1));
    expect(await counter()).toBe(before + 1);
    await requestDeposit(t, clerk, 'HOLD-2', 10);
    // Every number given out is a voucher or a hold, whatever was called.
    const vouchers = await t.db
      .selectFrom('vouchers')
      .select('voucher_no')
      .where('company_id', '=', PADMA)
      .where('kind', '=', 'DEPOSIT')
      .execute();
    const accounted = new Set(vouchers.map((r) => r.voucher_no));
    for (const token of [agent, clerk, cashier]) accounted.add((await voucherNo(token)).body.voucherNo);
    const last = await counter();
    for (let n = 1; n <= last; n++) expect(accounted.has(dv(n)), dv(n)).toBe(true);
  });
});
