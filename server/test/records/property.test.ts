import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, findTrip, sell, sellingContext, type Ctx } from '../selling/fixtures';
import { cli, expectBucketsMatch, expectLedgerInvariant, MEGHNA, requestDeposit } from './support';

/** A small deterministic PRNG (mulberry32): the same sequence on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('money records over a random sequence of operations', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('the balance is the sum of the rows, the buckets match them, and the transaction totals explain the balance', async () => {
    const random = prng(20260115);
    const trips = await Promise.all([1, 2, 3].map((day) => findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day })));
    const seats = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3', 'D1', 'D2', 'D3'];
    const sold: string[] = [];
    const charges: string[] = [];
    const pending: string[] = [];
    t.clock.set('2026-01-15T15:00:00.000Z');
    let expected = await balanceOf(t, agent, MEGHNA);
    for (let step = 0; step < 60; step += 1) {
      // 15:00 to at most 21:00 UTC: across Dhaka midnight (18:00 UTC), and before the first trip leaves (01:00 UTC).
      t.clock.advanceMinutes(1 + Math.floor(random() * 6));
      const pick = random();
      if (pick < 0.25) {
        const d = await requestDeposit(t, agent, `PROP-${step}`, 100 + Math.floor(random() * 900), MEGHNA);
        pending.push(d.transactionId);
      } else if (pick < 0.4 && pending.length) {
        const id = pending.splice(Math.floor(random() * pending.length), 1)[0] as string;
        const approve = random() < 0.7;
        const out = await cli(t, 'deposit', approve ? 'approve' : 'reject', id);
        expect(out.code).toBe(0);
        if (approve) expected += Number(/: ([\d.]+) \(/.exec(out.out[0] ?? '')?.[1]);
      } else if (pick < 0.6 && seats.length) {
        // Round robin keeps each trip within the agent's coach seat limit (6).
        const trip = trips[seats.length % trips.length];
        if (!trip) continue;
        const seat = seats.pop() as string;
        const s = await sell(t, agent, trip, [seat]);
        sold.push(s.pnr);
        expected -= s.totalFare;
      } else if (pick < 0.85 && sold.length) {
        const amount = Math.round((10 + random() * 200) * 100) / 100;
        const res = await t.call('POST', '/api/extraWeightCharge', {
          token: agent,
          body: {
            companyId: MEGHNA,
            reservationPnr: sold[Math.floor(random() * sold.length)],
            amount,
            description: `bag ${step}`,
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        charges.push(res.body.pnr);
        expected = Math.round((expected - amount) * 100) / 100;
      } else if (charges.length) {
        const pnr = charges.splice(Math.floor(random() * charges.length), 1)[0] as string;
        const res = await t.call('POST', '/api/extraWeightCharge/cancel', { token: agent, body: { pnr } });
        expect(res.status).toBe(200);
        expected = Math.round((expected + res.body.amount) * 100) / 100;
      }
      expect(await balanceOf(t, agent, MEGHNA)).toBeCloseTo(expected, 2);
    }
    await expectLedgerInvariant(t);
    await expectBucketsMatch(t);
    const all = (
      await t.call('POST', '/api/account/searchTransactions', {
        token: agent,
        body: { companyId: MEGHNA, startDate: '2026-01-01', endDate: '2026-01-31', pageSize: 500 },
      })
    ).body;
    expect(all.totals.closingBalance).toBeCloseTo(expected, 2);
    expect(all.totals.openingBalance + all.totals.credit - all.totals.debit).toBeCloseTo(all.totals.closingBalance, 2);
    expect(all.items[0].balance).toBeCloseTo(expected, 2);
    // One local day (the run crosses Dhaka midnight, 18:00 UTC): its opening balance is where the day before ended.
    const today = (
      await t.call('POST', '/api/account/searchTransactions', {
        token: agent,
        body: { companyId: MEGHNA, startDate: '2026-01-16', endDate: '2026-01-16' },
      })
    ).body;
    expect(today.total).toBeGreaterThan(0);
    expect(today.totals.openingBalance + today.totals.credit - today.totals.debit).toBeCloseTo(
      today.totals.closingBalance,
      2,
    );
    t.clock.set('2026-01-15T06:00:00.000Z');
  });
});
