import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, findTrip, makeUser, passenger, seg, sell, sellingContext, ticketOp, type Ctx } from './fixtures';

/** Many counters at once, one seat: exactly one wins on every path. */
describe('concurrency: one seat, many agents', () => {
  let t: Ctx;
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await sellingContext();
    for (let i = 0; i < 12; i += 1) {
      tokens.push(
        await makeUser(
          t,
          `racer-${i}`,
          ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_CONFIRM_BOOKING', 'AGENT_CONFIRM_LINKED'],
          { agent: i % 2 ? 'AG-2001' : 'AG-1001', companies: ['MEGHNA'] },
        ),
      );
    }
  });
  afterAll(() => t.close());

  const count = (answers: { status: number }[], status: number) => answers.filter((a) => a.status === status).length;

  it('seatLock: one lock, the rest SEAT_UNAVAILABLE', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 1 });
    const answers = await Promise.all(
      tokens.map((token) =>
        t.call('POST', '/api/reservation/seatLock', { token, body: { ...seg(trip), lock: ['A1'] } }),
      ),
    );
    expect(count(answers, 200)).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.reason === 'SEAT_UNAVAILABLE')).toBe(true);
  });

  for (const kind of ['SELL', 'BOOK'] as const) {
    it(`${kind}: a double submit and everyone else at once make one reservation and at most one ledger movement`, async () => {
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: kind === 'SELL' ? 2 : 3 });
      const holder = tokens[0] as string;
      expect(
        (await t.call('POST', '/api/reservation/seatLock', { token: holder, body: { ...seg(trip), lock: ['B1'] } }))
          .status,
      ).toBe(200);
      const ledgerBefore = (await t.db.selectFrom('ledger_entries').select('id').execute()).length;
      const callers = [...tokens, holder, holder, holder, holder];
      const answers = await Promise.all(
        callers.map((token) =>
          create(t, token, { companyId: trip.companyId, kind, ...seg(trip), seats: ['B1'], passenger: passenger() }),
        ),
      );
      expect(count(answers, 200)).toBe(1);
      expect(
        answers
          .filter((a) => a.status !== 200)
          .every((a) => ['SEAT_UNAVAILABLE', 'SEAT_NOT_LOCKED'].includes(a.body.reason)),
      ).toBe(true);
      const active = await t.db
        .selectFrom('reservation_seats')
        .select('id')
        .where('trip_id', '=', trip.tripId)
        .where('active', '=', 1)
        .execute();
      expect(active).toHaveLength(1);
      expect((await t.db.selectFrom('ledger_entries').select('id').execute()).length - ledgerBefore).toBe(
        kind === 'SELL' ? 1 : 0,
      );
    });
  }

  it('overlapping segments racing under one lock: the winners never overlap', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const holder = tokens[0] as string;
    await t.call('POST', '/api/reservation/seatLock', { token: holder, body: { ...seg(trip), lock: ['C1'] } });
    const segments: [number, number][] = [
      [0, 2],
      [0, 1],
      [1, 2],
      [0, 2],
      [1, 2],
      [0, 1],
    ];
    const answers = await Promise.all(
      segments.map(([from, to]) =>
        create(t, holder, {
          companyId: trip.companyId,
          kind: 'SELL',
          ...seg(trip, from, to),
          seats: ['C1'],
          passenger: passenger(),
        }),
      ),
    );
    const won = segments.filter((_, i) => answers[i]?.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const [i, a] of won.entries())
      for (const b of won.slice(i + 1)) expect(a[0] < b[1] && b[0] < a[1]).toBe(false);
  });

  it("confirm: an operator's admin booking confirmed by many agents at once is charged once", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const { pnr, pin } = await t.app.services.tripOperator.hold(trip.tripId, 'D1', 3);
    const answers = await Promise.all(tokens.map((token) => ticketOp(t, token, { pnr, pin, action: 8 })));
    expect(count(answers, 200)).toBe(1);
    // The losers find it another agent's once the winner has it: answered like a wrong PIN and counted like one
    // (pnr-guard), so past 5 of them the PNR is locked (PNR_LOCKED) for the latecomers.
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => ['NOT_PERMITTED', 'WRONG_PNR_PIN', 'PNR_LOCKED'].includes(a.body.reason)),
    ).toBe(true);
    expect(await t.db.selectFrom('ledger_entries').select('id').where('reference', '=', pnr).execute()).toHaveLength(1);
  });

  it('a booking confirmed twice at once by its own counter is charged once', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
    const token = tokens[0] as string;
    const booked = await sell(t, token, trip, ['E1'], { kind: 'BOOK' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ticketOp(t, token, { pnr: booked.pnr, pin: booked.pin, action: 1 })),
    );
    expect(count(answers, 200)).toBe(1);
    expect(
      await t.db.selectFrom('ledger_entries').select('id').where('reference', '=', booked.pnr).execute(),
    ).toHaveLength(1);
  });
});
