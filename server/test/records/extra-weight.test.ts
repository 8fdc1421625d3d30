import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  findTrip,
  makeUser,
  sell,
  sellingContext,
  ticketOp,
  tripStateSet,
  type Ctx,
} from '../selling/fixtures';
import { expectBucketsMatch, expectLedgerInvariant, MEGHNA, PADMA } from './support';

describe('extra weight charge and return', () => {
  let t: Ctx;
  let agent: string;
  const charge = (body: Record<string, unknown>, token = agent, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/extraWeightCharge', {
      token,
      body: { companyId: MEGHNA, amount: 150, description: '2 bags, 18 kg over', ...body },
      headers,
    });
  const ret = (pnr: string, token = agent, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/extraWeightCharge/cancel', { token, body: { pnr }, headers });

  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('charges a sold ticket with its own PNR, debits the balance, and a return restores it exactly', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const sold = await sell(t, agent, trip, ['A1']);
    const before = await balanceOf(t, agent, MEGHNA);
    const res = await charge({ reservationPnr: sold.pnr.toLowerCase(), amount: 150.25 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      reservationPnr: sold.pnr,
      amount: 150.25,
      description: '2 bags, 18 kg over',
      status: 'ACTIVE',
      cancelTime: null,
      lastPrintType: null,
      printCount: 0,
      passengerName: 'Test Passenger',
      coachCode: trip.coachCode,
      agentUser: 'agent',
      outlet: 'Motijheel Counter',
    });
    expect(res.body.pnr).toMatch(/^[A-Z0-9]{10}$/);
    expect(res.body.pnr).not.toBe(sold.pnr);
    expect(await balanceOf(t, agent, MEGHNA)).toBeCloseTo(before - 150.25, 2);
    const ledger = await t.db
      .selectFrom('ledger_entries')
      .select(['entry_type', 'amount_minor', 'kind'])
      .where('reference', '=', res.body.pnr)
      .execute();
    expect(ledger).toEqual([{ entry_type: 'DEBIT', amount_minor: 15025, kind: 'EXTRA_WEIGHT_CHARGE' }]);

    expect(
      (await t.call('POST', '/api/extraWeightCharge/find', { token: agent, body: { pnr: res.body.pnr } })).body,
    ).toEqual(res.body);
    const printed = await t.call('POST', '/api/extraWeightCharge/savePrintAction', {
      token: agent,
      body: { pnr: res.body.pnr, printType: 'ORIGINAL' },
    });
    expect(printed.body).toEqual({ ok: true, printCount: 1 });

    const returned = await ret(res.body.pnr);
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'CANCELLED',
      cancelTime: t.clock.now().toISOString(),
      printCount: 1,
      lastPrintType: 'ORIGINAL',
    });
    expect(await balanceOf(t, agent, MEGHNA)).toBe(before);
    expect((await ret(res.body.pnr)).body.reason).toBe('EXTRA_WEIGHT_NOT_ALLOWED');
    expect(await balanceOf(t, agent, MEGHNA)).toBe(before);
    const history = await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: sold.pnr } });
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['EXTRA_WEIGHT_CHARGED', 'EXTRA_WEIGHT_RETURNED']),
    );
    await expectLedgerInvariant(t);
    await expectBucketsMatch(t);
  });

  it('is idempotent: a repeat with the same key charges once and returns once', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const sold = await sell(t, agent, trip, ['A2']);
    const before = await balanceOf(t, agent, MEGHNA);
    const headers = { 'idempotency-key': 'xw-1' };
    const first = await charge({ reservationPnr: sold.pnr }, agent, headers);
    const again = await charge({ reservationPnr: sold.pnr }, agent, headers);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t, agent, MEGHNA)).toBe(before - 150);
    const r1 = await ret(first.body.pnr, agent, { 'idempotency-key': 'xw-ret-1' });
    const r2 = await ret(first.body.pnr, agent, { 'idempotency-key': 'xw-ret-1' });
    expect(r2.status).toBe(200);
    expect(r2.body).toEqual(r1.body);
    expect(await balanceOf(t, agent, MEGHNA)).toBe(before);
  });

  it('refuses: unknown PNR, a booking, a departed or closed trip, no balance, bad input', async () => {
    expect((await charge({ reservationPnr: 'ZZZZZZZZZZ' })).body.reason).toBe('RESERVATION_NOT_FOUND');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const booked = await sell(t, agent, trip, ['A3'], { kind: 'BOOK' });
    expect((await charge({ reservationPnr: booked.pnr })).body.reason).toBe('EXTRA_WEIGHT_NOT_ALLOWED');
    // The reservation belongs to MEGHNA: named under PADMA it is not found there.
    const sold = await sell(t, agent, trip, ['B1']);
    expect((await charge({ companyId: PADMA, reservationPnr: sold.pnr })).body.reason).toBe('RESERVATION_NOT_FOUND');
    const neg = await charge({ reservationPnr: sold.pnr, amount: -10 });
    expect(neg.status).toBe(400);
    expect(neg.body.details.fields).toHaveProperty('amount');
    expect((await charge({ reservationPnr: sold.pnr, description: '' })).body.details.fields).toHaveProperty(
      'description',
    );
    // The most one charge may be, more than the balance.
    const big = await charge({ reservationPnr: sold.pnr, amount: 100_000 });
    expect(big.body.reason).toBe('INSUFFICIENT_BALANCE');
    const ok = await charge({ reservationPnr: sold.pnr });
    await tripStateSet(t, trip.tripId, 'CLOSED');
    expect((await charge({ reservationPnr: sold.pnr })).body.reason).toBe('TRIP_IS_CLOSED');
    expect((await ret(ok.body.pnr)).body.reason).toBe('TRIP_IS_CLOSED');
    await tripStateSet(t, trip.tripId, 'OPEN');
    t.clock.set(trip.times[0] as string);
    expect((await charge({ reservationPnr: sold.pnr })).body.reason).toBe('TRIP_IS_CLOSED');
    expect((await ret(ok.body.pnr)).body.reason).toBe('TRIP_IS_CLOSED');
    t.clock.set('2026-01-15T06:00:00.000Z');
    // A cancelled ticket takes no more baggage.
    await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: sold.returnAmount });
    expect((await charge({ reservationPnr: sold.pnr })).body.reason).toBe('EXTRA_WEIGHT_NOT_ALLOWED');
    expect(
      (await t.call('POST', '/api/extraWeightCharge/find', { token: agent, body: { pnr: 'QQQQQQQQQQ' } })).body.reason,
    ).toBe('EXTRA_WEIGHT_CHARGE_NOT_FOUND');
  });

  it('a postpaid agent is held to the credit limit', async () => {
    const postpaid = await t.login('postpaid');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const sold = await sell(t, postpaid, trip, ['C1']);
    const res = await charge({ reservationPnr: sold.pnr, amount: 100_000 }, postpaid);
    // The postpaid role has no extra weight permission: grant it through a new user of the same agent.
    expect(res.body.reason).toBe('PERMISSION_DENIED');
    const u = await makeUser(t, 'xw-post', ['AGENT_SELL_EXTRA_WEIGHT_CHARGE'], {
      agent: 'AG-2001',
      companies: ['MEGHNA'],
    });
    expect((await charge({ reservationPnr: sold.pnr, amount: 100_000 }, u)).body.reason).toBe('CREDIT_LIMIT_EXCEEDED');
    expect((await charge({ reservationPnr: sold.pnr, amount: 20 }, u)).status).toBe(200);
  });

  it("permissions, other agents' tickets and foreign companies", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const sold = await sell(t, agent, trip, ['D1']);
    const sellOnly = await makeUser(t, 'xw-sell', ['AGENT_SELL_EXTRA_WEIGHT_CHARGE']);
    const made = await charge({ reservationPnr: sold.pnr }, sellOnly);
    expect(made.status).toBe(200);
    expect((await ret(made.body.pnr, sellOnly)).body.reason).toBe('PERMISSION_DENIED');
    const seller = await t.login('seller');
    expect((await charge({ companyId: PADMA, reservationPnr: sold.pnr }, seller)).body.reason).toBe(
      'PERMISSION_DENIED',
    );
    const otherAgent = await makeUser(
      t,
      'xw-other',
      ['AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE', 'AGENT_VIEW_EXTRA_WEIGHT_CHARGE'],
      { agent: 'AG-2001' },
    );
    // Another agent's reservation or charge is answered like one that does not exist.
    expect((await charge({ reservationPnr: sold.pnr }, otherAgent)).body.reason).toBe('RESERVATION_NOT_FOUND');
    expect((await ret(made.body.pnr, otherAgent)).body.reason).toBe('EXTRA_WEIGHT_CHARGE_NOT_FOUND');
    expect(
      (await t.call('POST', '/api/extraWeightCharge/find', { token: otherAgent, body: { pnr: made.body.pnr } })).body
        .reason,
    ).toBe('EXTRA_WEIGHT_CHARGE_NOT_FOUND');
    const padmaOnly = await makeUser(
      t,
      'xw-padma',
      ['AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_VIEW_EXTRA_WEIGHT_CHARGE'],
      { companies: ['PADMA'] },
    );
    expect((await charge({ reservationPnr: sold.pnr }, padmaOnly)).body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect(
      (await t.call('POST', '/api/extraWeightCharge/find', { token: padmaOnly, body: { pnr: made.body.pnr } })).body
        .reason,
    ).toBe('EXTRA_WEIGHT_CHARGE_NOT_FOUND');
    expect(
      (await t.call('POST', '/api/extraWeightCharge/list', { token: padmaOnly, body: { companyId: MEGHNA } })).body
        .reason,
    ).toBe('COMPANY_NOT_ALLOWED');
  });

  it("lists the agent's charges newest first, by reservation, status and date, paged", async () => {
    const list = (body: Record<string, unknown>) =>
      t.call('POST', '/api/extraWeightCharge/list', { token: agent, body: { companyId: MEGHNA, ...body } });
    const all = (await list({ pageSize: 100 })).body;
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.items.map((c: { issueTime: string }) => c.issueTime);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await list({ page: 2, pageSize: 2 })).body;
    expect(page2.items).toEqual(all.items.slice(2, 4));
    const first = all.items[all.items.length - 1];
    expect(
      (await list({ reservationPnr: first.reservationPnr })).body.items.every(
        (c: { reservationPnr: string }) => c.reservationPnr === first.reservationPnr,
      ),
    ).toBe(true);
    expect(
      (await list({ status: 'CANCELLED' })).body.items.every((c: { status: string }) => c.status === 'CANCELLED'),
    ).toBe(true);
    expect((await list({ startDate: '2026-02-01', endDate: '2026-02-02' })).body.total).toBe(0);
    expect((await list({ startDate: '2026-01-15', endDate: '2026-01-15' })).body.total).toBe(all.total);
  });

  it("lists one trip's charges for the reservation screen's extra weight tab", async () => {
    const tripA = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const tripB = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const onA = await charge({ reservationPnr: (await sell(t, agent, tripA, ['B1'])).pnr, amount: 80 });
    const onB = await charge({ reservationPnr: (await sell(t, agent, tripB, ['B1'])).pnr, amount: 90 });
    const list = (tripId: number) =>
      t.call('POST', '/api/extraWeightCharge/list', {
        token: agent,
        body: { companyId: MEGHNA, tripId, pageSize: 100 },
      });
    const pnrsOn = async (tripId: number) => (await list(tripId)).body.items.map((c: { pnr: string }) => c.pnr);
    // Earlier tests may have charged on these trips too: each list holds its own charge, never the other's.
    expect(await pnrsOn(tripA.tripId)).toContain(onA.body.pnr);
    expect(await pnrsOn(tripA.tripId)).not.toContain(onB.body.pnr);
    expect(await pnrsOn(tripB.tripId)).toContain(onB.body.pnr);
    expect(await pnrsOn(tripB.tripId)).not.toContain(onA.body.pnr);
  });
});
