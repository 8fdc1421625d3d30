import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  create,
  findTrip,
  makeUser,
  passenger,
  seg,
  sellingContext,
  ticketOp,
  type Ctx,
  type TripRef,
} from './fixtures';
import { commissionGaps, doubleHeldSeats, ledgerBreaks } from './invariants';

type Cmd =
  | { op: 'SELL' | 'BOOK'; user: number; trip: number; seats: number[]; from: number; to: number; coupon: boolean }
  | { op: 'confirm' | 'cancel' | 'migrate'; pick: number; partial: boolean; trip: number; user: number }
  | { op: 'advance'; minutes: number };

const SEATS: Record<string, string[]> = {
  'M-11': ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2'],
  'M-12': ['L1', 'L2', 'L3', 'U1', 'U2', 'U3', 'L4', 'U4'],
  'M-21': ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4'],
};

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constantFrom('SELL' as const, 'BOOK' as const),
      user: fc.nat(3),
      trip: fc.nat(5),
      seats: fc.uniqueArray(fc.nat(7), { minLength: 1, maxLength: 3 }),
      from: fc.nat(1),
      to: fc.integer({ min: 1, max: 2 }),
      coupon: fc.boolean(),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constantFrom('confirm' as const, 'cancel' as const, 'migrate' as const),
      pick: fc.nat(1000),
      partial: fc.boolean(),
      trip: fc.nat(5),
      user: fc.nat(3),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  },
);

/**
 * Random sells, books, confirms, cancels and migrations by four counters of
 * two agents on six trips, in concurrent batches. After every run: each
 * balance is the sum of its ledger rows, no seat segment is held twice, and
 * unpaid commission equals the commission of active sales.
 */
describe('property: money and seats stay consistent under random operations', () => {
  let t: Ctx;
  const tokens: string[] = [];
  let trips: TripRef[] = [];
  let runIndex = 0;
  const held: { pnr: string; pin: string; user: number; tripIdx: number }[] = [];
  let ops = 0;

  beforeAll(async () => {
    t = await sellingContext();
    const all = [
      'AGENT_CREATE_RESERVATION',
      'AGENT_CREATE_BOOKING',
      'AGENT_MIGRATE_TRIP',
      'AGENT_CONFIRM_BOOKING',
      'AGENT_CANCEL_RESERVATION',
      'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION',
      'AGENT_CANCEL_BOOKING',
      'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION',
    ];
    for (const [i, agent] of ['AG-1001', 'AG-1001', 'AG-2001', 'AG-2001'].entries())
      tokens.push(await makeUser(t, `prop-${i}`, all, { agent, companies: ['MEGHNA'] }));
    // Enough money that the balance is rarely what refuses a sale.
    for (const account of await t.db.selectFrom('agent_accounts').select('id').execute()) {
      await t.app.services.accounts.postAlone({
        accountId: account.id,
        entryType: 'CREDIT',
        amountMinor: 1_000_000_00,
        kind: 'TEST_DEPOSIT',
      });
    }
  });
  afterAll(() => t.close());

  async function run(c: Cmd): Promise<void> {
    ops += 1;
    if (c.op === 'advance') return;
    if (c.op === 'SELL' || c.op === 'BOOK') {
      const trip = trips[c.trip] as TripRef;
      const token = tokens[c.user] as string;
      const names = c.seats.map((i) => (SEATS[trip.coachCode] ?? [])[i] as string);
      const from = Math.min(c.from, c.to - 1);
      const locked = await t.call('POST', '/api/reservation/seatLock', {
        token,
        body: { ...seg(trip, from, c.to), lock: names },
      });
      if (locked.status !== 200) return;
      const res = await create(t, token, {
        companyId: trip.companyId,
        kind: c.op,
        ...seg(trip, from, c.to),
        seats: names,
        passenger: passenger(`+88017${String(c.user).padStart(8, '0')}`),
        ...(c.coupon ? { couponCode: 'FLAT50' } : {}),
      });
      if (res.status === 200) held.push({ pnr: res.body.pnr, pin: res.body.pin, user: c.user, tripIdx: c.trip });
      else expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    if (c.op !== 'confirm' && c.op !== 'cancel' && c.op !== 'migrate') return;
    const h = held[c.pick % Math.max(1, held.length)];
    if (!h) return;
    const token = tokens[h.user] as string;
    const shown = await t.call('POST', '/api/reservation/byPnrAndPin', { token, body: { pnr: h.pnr, pin: h.pin } });
    if (shown.status !== 200) return;
    const active = shown.body.seats.filter((s: { status: number }) => s.status === shown.body.status);
    if (c.op === 'confirm') {
      await ticketOp(t, token, { pnr: h.pnr, pin: h.pin, action: 1 });
    } else if (c.op === 'cancel') {
      const partial = c.partial && active.length > 1 ? [active[0].name] : undefined;
      const action = shown.body.status === 2 ? 5 : 2;
      let returnAmount = shown.body.returnAmount;
      if (partial && action === 2) returnAmount = Math.round((shown.body.returnAmount / active.length) * 100) / 100;
      const res = await ticketOp(t, token, {
        pnr: h.pnr,
        pin: h.pin,
        action,
        ...(partial ? { seats: partial } : {}),
        returnAmount,
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    } else if (shown.body.status === 1) {
      const target = trips[c.trip] as TripRef;
      const names = (SEATS[target.coachCode] ?? []).slice(0, active.length);
      const locked = await t.call('POST', '/api/reservation/seatLock', {
        token,
        body: { ...seg(target), lock: names },
      });
      if (locked.status !== 200) return;
      const res = await create(t, token, {
        companyId: target.companyId,
        kind: 'MIGRATE',
        ...seg(target),
        seats: names,
        migrateFrom: { pnr: h.pnr, pin: h.pin },
        passenger: passenger(),
      });
      if (res.status === 200) held.push({ pnr: res.body.pnr, pin: res.body.pin, user: h.user, tripIdx: c.trip });
      else expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }
  }

  it('holds the invariants after thousands of random operations', async () => {
    runIndex = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 320, maxLength: 420 }), async (cmds) => {
        t.clock.set('2026-01-15T06:00:00.000Z');
        // Each run sells on two fresh days of trips, so earlier runs do not fill the coaches.
        trips = [];
        held.length = 0;
        const pair = runIndex % 6;
        for (const day of [2 * pair + 1, 2 * pair + 2])
          for (const slot of [0, 1, 2])
            trips.push(await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day, slot }));
        runIndex += 1;
        for (let i = 0; i < cmds.length; i += 4) {
          const batch = cmds.slice(i, i + 4);
          for (const c of batch) if (c.op === 'advance') t.clock.advanceMinutes(c.minutes);
          await Promise.all(batch.map(run));
        }
        await t.app.services.bookingExpiry.expire();
        expect(await ledgerBreaks(t)).toEqual([]);
        expect(await doubleHeldSeats(t.db)).toBe(0);
        expect(await commissionGaps(t.db)).toEqual([]);
      }),
      { numRuns: 6, seed: 20260115 },
    );
    expect(ops).toBeGreaterThan(2000);
    // The runs really moved money and seats: every kind of outcome happened.
    const byStatus = await t.db
      .selectFrom('reservations')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const n = (s: number) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
    expect(n(1)).toBeGreaterThan(50);
    expect(n(5)).toBeGreaterThan(50);
    expect(n(10) + n(14)).toBeGreaterThan(0);
  }, 120_000);
});
