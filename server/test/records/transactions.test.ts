import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, findTrip, makeUser, sell, sellingContext, ticketOp, type Ctx } from '../selling/fixtures';
import { cli, expectBucketsMatch, expectLedgerInvariant, MEGHNA, PADMA, requestDeposit } from './support';

type Row = {
  transactionId: string;
  type: string;
  reason: string;
  amount: number;
  credit: number;
  debit: number;
  balance: number;
  referenceNo: string | null;
  employee: string | null;
  remarks: string | null;
  confirmed: boolean;
  confirmationTime: string;
  agentUser: string | null;
  outlet: string | null;
  dateTime: string;
};

describe('searchTransactions and commissionList', () => {
  let t: Ctx;
  let agent: string;
  const day = { startDate: '2026-01-01', endDate: '2026-01-31' };
  const search = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/account/searchTransactions', { token, body: { companyId: MEGHNA, ...day, ...body } });
  const commissions = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/account/commissionList', { token, body: { companyId: MEGHNA, ...day, ...body } });

  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('shows every ledger row with its fields, totals and opening/closing balances', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    t.clock.advanceMinutes(1);
    const sold = await sell(t, agent, trip, ['A1']);
    t.clock.advanceMinutes(1);
    const dep = await requestDeposit(t, agent, 'MG-1', 5000, MEGHNA);
    await cli(t, 'deposit', 'approve', dep.transactionId, '--employee', 'Rafiq');
    const res = await search({});
    expect(res.status).toBe(200);
    const items = res.body.items as Row[];
    // Newest first: the deposit credit, the sale, the seeded opening deposit.
    expect(items.map((r) => r.reason)).toEqual(['DEPOSIT', 'TICKET_SALE', 'OPENING_DEPOSIT']);
    expect(items[0]).toMatchObject({
      type: 'CREDIT',
      amount: 5000,
      credit: 5000,
      debit: 0,
      referenceNo: 'MG-1',
      employee: 'Rafiq',
      remarks: 'Sonali Bank',
      confirmed: true,
      agentUser: 'agent',
      outlet: 'Motijheel Counter',
    });
    expect(items[1]).toMatchObject({
      type: 'DEBIT',
      amount: sold.totalFare,
      credit: 0,
      debit: sold.totalFare,
      referenceNo: sold.pnr,
      employee: null,
      agentUser: 'agent',
    });
    expect(items[0]?.transactionId).toMatch(/^TX\d{10}$/);
    expect(items[0]?.balance).toBe(await balanceOf(t, agent, MEGHNA));
    expect(items[1]?.balance).toBe(25_000 - sold.totalFare);
    expect(res.body.totals).toEqual({
      credit: 30_000,
      debit: sold.totalFare,
      openingBalance: 0,
      closingBalance: 30_000 - sold.totalFare,
    });
    await expectLedgerInvariant(t);
  });

  it('filters by type, reason, reference and transaction id; a date range gives opening and closing balances', async () => {
    expect((await search({ type: 'DEBIT' })).body.items.map((r: Row) => r.reason)).toEqual(['TICKET_SALE']);
    expect((await search({ reason: 'DEPOSIT' })).body).toMatchObject({ total: 1, totals: { credit: 5000, debit: 0 } });
    expect((await search({ referenceNo: 'MG-1' })).body.total).toBe(1);
    const all = (await search({})).body.items as Row[];
    const one = (await search({ transactionId: all[1]?.transactionId })).body;
    expect(one.items).toEqual([all[1]]);
    expect((await search({ transactionId: 'garbage' })).body.total).toBe(0);
    // Next month: nothing in range; the opening and closing balances are the balance so far.
    const later = (await search({ startDate: '2026-02-01', endDate: '2026-02-28' })).body;
    expect(later).toMatchObject({
      total: 0,
      items: [],
      totals: { credit: 0, debit: 0, openingBalance: all[0]?.balance, closingBalance: all[0]?.balance },
    });
    expect((await search({ startDate: '2026-02-01', endDate: '2026-01-01' })).body.reason).toBe('VALIDATION_FAILED');
    expect((await search({ startDate: '2026-13-01' })).status).toBe(400);
  });

  it('pages and sorts on the server: every page in order, ascending or descending', async () => {
    const u = await makeUser(t, 'tx-pager', ['AGENT_VIEW_TRANSACTIONS', 'AGENT_DEPOSIT_REQUEST'], {
      agent: 'AG-1002',
      companies: ['PADMA'],
    });
    t.clock.set('2026-03-01T03:00:00.000Z');
    for (let i = 1; i <= 9; i += 1) {
      const d = await requestDeposit(t, u, `TXP-${i}`, i);
      await cli(t, 'deposit', 'approve', d.transactionId);
      t.clock.advanceHours(12);
    }
    const q = (body: Record<string, unknown>) =>
      search({ companyId: PADMA, startDate: '2026-03-01', endDate: '2026-03-31', ...body }, u);
    const pages = [];
    for (let p = 1; p <= 4; p += 1) pages.push((await q({ page: p, pageSize: 4 })).body);
    expect(pages.map((p) => p.items.length)).toEqual([4, 4, 1, 0]);
    expect(pages.flatMap((p) => p.items.map((r: Row) => r.amount))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const asc = (await q({ page: 2, pageSize: 4, sort: 'dateTime,asc' })).body;
    expect(asc.items.map((r: Row) => r.amount)).toEqual([5, 6, 7, 8]);
    expect(asc.totals).toEqual({ credit: 45, debit: 0, openingBalance: 20_000, closingBalance: 20_045 });
    // Local dates: 2026-03-02 in Dhaka holds the 3rd and 4th deposits (09:00 and 21:00 local).
    expect((await q({ startDate: '2026-03-02', endDate: '2026-03-02' })).body.items.map((r: Row) => r.amount)).toEqual([
      4, 3,
    ]);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('lists commission rows with rate, PNR, paid state and totals; settlement marks them paid', async () => {
    t.clock.set('2026-01-15T06:10:00.000Z');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const sold = await sell(t, agent, trip, ['B1', 'B2']);
    const res = (await commissions({})).body;
    const mine = res.items.filter((c: { referenceNo: string }) => c.referenceNo === sold.pnr);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'CREDIT',
      reason: 'SALE',
      commissionType: 'PERCENT',
      rate: 4,
      paid: false,
      payTime: null,
      employee: null,
    });
    expect(res.totals.paid).toBe(0);
    const unpaidBefore = res.totals.unpaid;
    // A cancel reverses it (a DEBIT row), so the unpaid total drops by as much.
    await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: sold.returnAmount });
    const after = (await commissions({})).body;
    expect(after.items[0]).toMatchObject({
      type: 'DEBIT',
      reason: 'REVERSAL',
      referenceNo: sold.pnr,
      amount: mine[0].amount,
    });
    expect(after.totals.unpaid).toBeCloseTo(unpaidBefore - mine[0].amount, 2);

    const settled = await cli(t, 'commissions', 'settle', 'agent', '--until', '2026-01-31', '--employee', 'Kamal');
    expect(settled.code, settled.err.join('\n')).toBe(0);
    expect(settled.out[0]).toMatch(/^agent AG-1001: \d+ commission row\(s\) settled, net [\d.]+, by Kamal$/);
    const paid = (await commissions({ paid: true })).body;
    expect(paid.total).toBe(after.total);
    expect(paid.items[0]).toMatchObject({ paid: true, employee: 'Kamal', payTime: t.clock.now().toISOString() });
    expect(paid.totals).toEqual({ paid: after.totals.unpaid, unpaid: 0 });
    expect((await commissions({ paid: false })).body.total).toBe(0);
    await expectBucketsMatch(t);
    expect((await cli(t, 'commissions', 'settle', 'nobody')).code).toBe(1);
    expect((await cli(t, 'commissions', 'settle', 'agent', '--until', 'soon')).code).toBe(2);
  });

  it("needs AGENT_VIEW_TRANSACTIONS / AGENT_VIEW_COMMISSIONS and the caller's company", async () => {
    const seller = await t.login('seller');
    expect((await search({ companyId: PADMA }, seller)).body.reason).toBe('PERMISSION_DENIED');
    expect((await commissions({ companyId: PADMA }, seller)).body.reason).toBe('PERMISSION_DENIED');
    const padmaOnly = await makeUser(t, 'tx-padma', ['AGENT_VIEW_TRANSACTIONS', 'AGENT_VIEW_COMMISSIONS'], {
      companies: ['PADMA'],
    });
    expect((await search({}, padmaOnly)).body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect((await commissions({}, padmaOnly)).body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect((await search({ companyId: PADMA }, padmaOnly)).status).toBe(200);
  });
});
