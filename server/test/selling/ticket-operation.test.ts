import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, makeUser, sell, sellingContext, ticketOp, tripStateSet, type Ctx, type TripRef } from './fixtures';

type Held = { pnr: string; pin: string; trip: TripRef };

describe('ticketOperation: the action table', () => {
  let t: Ctx;
  let agent: string;
  let noTicketOps: string;
  let day = 1;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    noTicketOps = await makeUser(t, 'counter-only', [
      'AGENT_CREATE_RESERVATION',
      'AGENT_CREATE_BOOKING',
      'AGENT_VIEW_PASSENGER',
    ]);
  });
  afterAll(() => t.close());

  /** A fresh reservation of the demo agent (AG-1001) in `status`, on a trip of its own. */
  async function make(status: 1 | 2 | 3 | 13, seats = ['A1']): Promise<Held> {
    day = (day % 13) + 1;
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day, slot: 0 });
    const free = seats.map((s) => `${s}`);
    await t.db.deleteFrom('seat_locks').execute();
    if (status === 1 || status === 2) {
      // Each reservation on its own seats, so many fit one trip.
      const row = (
        await t.db
          .selectFrom('reservations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('trip_id', '=', trip.tripId)
          .executeTakeFirstOrThrow()
      ).n;
      const letter = String.fromCharCode(65 + Number(row));
      const names = free.map((_, i) => `${letter}${i + 1}`);
      const r = await sell(t, agent, trip, names, { kind: status === 1 ? 'SELL' : 'BOOK' });
      return { pnr: r.pnr, pin: r.pin, trip };
    }
    const row = (
      await t.db
        .selectFrom('reservations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('trip_id', '=', trip.tripId)
        .executeTakeFirstOrThrow()
    ).n;
    const { pnr, pin } = await t.app.services.tripOperator.hold(
      trip.tripId,
      `${String.fromCharCode(65 + Number(row))}1`,
      status,
    );
    return { pnr, pin, trip };
  }

  const op = (token: string, h: Held, action: number, extra: Record<string, unknown> = {}) =>
    ticketOp(t, token, { pnr: h.pnr, pin: h.pin, action, ...extra });
  const statusOf = async (pnr: string) =>
    (await t.db.selectFrom('reservations').select('status').where('pnr', '=', pnr).executeTakeFirstOrThrow()).status;

  const ALLOWED: {
    action: number;
    from: 1 | 2 | 3 | 13;
    to: number;
    extra?: (h: Held) => Promise<Record<string, unknown>>;
  }[] = [
    { action: 1, from: 2, to: 1 },
    {
      action: 2,
      from: 1,
      to: 5,
      extra: async (h) => ({
        returnAmount: (
          await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })
        ).body.returnAmount,
      }),
    },
    { action: 4, from: 3, to: 5 },
    { action: 5, from: 2, to: 5 },
    { action: 5, from: 13, to: 5 },
    { action: 6, from: 2, to: 2, extra: async () => ({ expirationTime: '2026-01-15T08:00:00.000Z' }) },
    { action: 8, from: 3, to: 1 },
    { action: 9, from: 13, to: 1 },
  ];

  for (const row of ALLOWED) {
    it(`action ${row.action} on status ${row.from} -> ${row.to}`, async () => {
      const h = await make(row.from);
      const res = await op(agent, h, row.action, row.extra ? await row.extra(h) : {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe(row.to);
      expect(await statusOf(h.pnr)).toBe(row.to);
    });

    it(`action ${row.action} on status ${row.from} without its permission: PERMISSION_DENIED`, async () => {
      const h = await make(row.from);
      const res = await op(noTicketOps, h, row.action, row.extra ? await row.extra(h) : {});
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('PERMISSION_DENIED');
      expect(await statusOf(h.pnr)).toBe(row.from);
    });
  }

  const WRONG: { action: number; from: 1 | 2 | 3 | 13; reason: string }[] = [
    { action: 1, from: 1, reason: 'NOT_PERMITTED' },
    { action: 2, from: 2, reason: 'RESERVATION_NOT_CANCELLABLE' },
    { action: 4, from: 2, reason: 'RESERVATION_NOT_CANCELLABLE' },
    { action: 5, from: 1, reason: 'RESERVATION_NOT_CANCELLABLE' },
    { action: 6, from: 1, reason: 'NOT_PERMITTED' },
    { action: 8, from: 2, reason: 'NOT_PERMITTED' },
    { action: 9, from: 3, reason: 'NOT_PERMITTED' },
  ];
  for (const row of WRONG) {
    it(`action ${row.action} on status ${row.from}: ${row.reason}`, async () => {
      const h = await make(row.from);
      const res = await op(agent, h, row.action, { returnAmount: 0, expirationTime: '2026-01-15T08:00:00.000Z' });
      expect(res.body.reason).toBe(row.reason);
      expect(await statusOf(h.pnr)).toBe(row.from);
    });
  }

  it('a linked cancel needs AGENT_CANCEL_LINKED, not only AGENT_CANCEL_BOOKING', async () => {
    const bookingOnly = await makeUser(t, 'booking-canceller', ['AGENT_CANCEL_BOOKING']);
    const h = await make(13);
    expect((await op(bookingOnly, h, 5)).body.reason).toBe('PERMISSION_DENIED');
    const booked = await make(2);
    expect((await op(bookingOnly, booked, 5)).status).toBe(200);
  });

  it('cancelling some seats of a sold ticket needs AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION and refunds only them', async () => {
    const wholeOnly = await makeUser(t, 'whole-canceller', ['AGENT_CANCEL_RESERVATION']);
    const partial = await makeUser(t, 'partial-canceller', [
      'AGENT_CANCEL_RESERVATION',
      'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION',
    ]);
    const h = await make(1, ['A1', 'A2']);
    const shown = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: agent,
      body: { pnr: h.pnr, pin: h.pin },
    });
    const half = shown.body.returnAmount / 2;
    const seat = shown.body.seats[0].name;
    expect((await op(wholeOnly, h, 2, { seats: [seat], returnAmount: half })).body.reason).toBe('PERMISSION_DENIED');
    const res = await op(partial, h, 2, { seats: [seat], returnAmount: half });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.seats.map((s: { status: number }) => s.status)).toEqual([5, 1]);
    expect(res.body.returnAmount).toBe(half);
    const refund = await t.db
      .selectFrom('ledger_entries')
      .select(['entry_type', 'amount_minor'])
      .where('reference', '=', h.pnr)
      .where('entry_type', '=', 'CREDIT')
      .execute();
    expect(refund).toEqual([{ entry_type: 'CREDIT', amount_minor: Math.round(half * 100) }]);
  });

  it('cancelling some seats of a booking needs AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION; confirming some seats is not a thing', async () => {
    const wholeOnly = await makeUser(t, 'whole-booking', ['AGENT_CANCEL_BOOKING', 'AGENT_CONFIRM_BOOKING']);
    const h = await make(2, ['A1', 'A2']);
    const seat = (
      await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })
    ).body.seats[0].name;
    expect((await op(wholeOnly, h, 5, { seats: [seat] })).body.reason).toBe('PERMISSION_DENIED');
    expect((await op(agent, h, 1, { seats: [seat] })).body.reason).toBe('NOT_PERMITTED');
    const ok = await op(agent, h, 5, { seats: [seat] });
    expect(ok.body.status).toBe(2);
    expect(ok.body.seats.map((s: { status: number }) => s.status)).toEqual([5, 2]);
  });

  it('lists the allowed actions for the caller with the reservation', async () => {
    const booked = await make(2);
    const mine = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: agent,
      body: { pnr: booked.pnr, pin: booked.pin },
    });
    expect(mine.body.allowedActions).toEqual([1, 5, 6]);
    const counter = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: noTicketOps,
      body: { pnr: booked.pnr, pin: booked.pin },
    });
    expect(counter.body.allowedActions).toEqual([]);
  });

  it("answers WRONG_PNR_PIN alike for a PNR that does not exist, a wrong PIN and another agent's reservation", async () => {
    expect((await ticketOp(t, agent, { pnr: 'ZZZZZZZZZZ', pin: '123456', action: 1 })).body.reason).toBe(
      'WRONG_PNR_PIN',
    );
    expect(
      (await ticketOp(t, agent, { pnr: 'ZZZZZZZZZZ', pin: '123456', action: 2, returnAmount: 0 })).body.reason,
    ).toBe('WRONG_PNR_PIN');
    const h = await make(1);
    const wrong = await ticketOp(t, agent, {
      pnr: h.pnr,
      pin: h.pin === '000000' ? '000001' : '000000',
      action: 2,
      returnAmount: 0,
    });
    expect(wrong.body.reason).toBe('WRONG_PNR_PIN');
    const other = await t.login('postpaid');
    const foreign = await ticketOp(t, other, { pnr: h.pnr, pin: h.pin, action: 2, returnAmount: 0 });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual({ reason: 'WRONG_PNR_PIN' });
  });

  it('extends a booking up to departure - 60 min (INVALID_EXPIRATION_TIME past it)', async () => {
    const h = await make(2);
    const departure = new Date(h.trip.times[0] as string).getTime();
    const late = await op(agent, h, 6, { expirationTime: new Date(departure - 59 * 60_000).toISOString() });
    expect(late.body.reason).toBe('INVALID_EXPIRATION_TIME');
    const past = await op(agent, h, 6, { expirationTime: '2026-01-15T05:00:00.000Z' });
    expect(past.body.reason).toBe('INVALID_EXPIRATION_TIME');
    expect((await op(agent, h, 6)).status).toBe(400);
    const ok = await op(agent, h, 6, { expirationTime: new Date(departure - 60 * 60_000).toISOString() });
    expect(ok.body.expirationTime).toBe(new Date(departure - 60 * 60_000).toISOString());
  });

  it('confirming charges as a sale and credits commission', async () => {
    const h = await make(2);
    const before = (await t.call('GET', `/api/account/${h.trip.companyId}`, { token: agent })).body.balance;
    const res = await op(agent, h, 1);
    expect((await t.call('GET', `/api/account/${h.trip.companyId}`, { token: agent })).body.balance).toBe(
      before - res.body.totalFare,
    );
    const id = (await t.db.selectFrom('reservations').select('id').where('pnr', '=', h.pnr).executeTakeFirstOrThrow())
      .id;
    const c = await t.db.selectFrom('commissions').select('amount_minor').where('reservation_id', '=', id).execute();
    expect(c).toEqual([{ amount_minor: Math.round(res.body.totalFare * 4) }]);
  });
});

describe('cancellation fines by hours before boarding', () => {
  let t: Ctx;
  let agent: string;
  let trip: TripRef;
  let boarding: number;
  let n = 0;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5, slot: 0 });
    boarding = new Date(trip.times[0] as string).getTime();
  });
  afterAll(() => t.close());

  const H = 3_600_000;
  const EDGES: [string, number, number | null][] = [
    ['48 h: 10 %', 48 * H, 10],
    ['just under 48 h: 25 %', 48 * H - 1000, 25],
    ['24 h: 25 %', 24 * H, 25],
    ['just under 24 h: 50 %', 24 * H - 1000, 50],
    ['6 h: 50 %', 6 * H, 50],
    ['just under 6 h: RESERVATION_CANCEL_TIME_EXPIRED', 6 * H - 1000, null],
  ];

  for (const [name, before, percent] of EDGES) {
    it(name, async () => {
      t.clock.set('2026-01-15T06:00:00.000Z');
      n += 1;
      const sold = await sell(t, agent, trip, [`${String.fromCharCode(64 + n)}1`]);
      t.clock.set(new Date(boarding - before));
      const shown = await t.call('POST', '/api/reservation/byPnrAndPin', {
        token: agent,
        body: { pnr: sold.pnr, pin: sold.pin },
      });
      if (percent === null) {
        expect(shown.body).toMatchObject({ fine: 1320, returnAmount: 0 });
        const res = await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: 0 });
        expect(res.status).toBe(422);
        expect(res.body.reason).toBe('RESERVATION_CANCEL_TIME_EXPIRED');
        return;
      }
      const fine = (1320 * percent) / 100;
      expect(shown.body).toMatchObject({ fine, returnAmount: 1320 - fine });
      const res = await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: 1320 - fine });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await t.db
        .selectFrom('ledger_entries')
        .select(['entry_type', 'amount_minor', 'kind'])
        .where('reference', '=', sold.pnr)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { entry_type: 'DEBIT', amount_minor: 132000, kind: 'TICKET_SALE' },
        { entry_type: 'CREDIT', amount_minor: (1320 - fine) * 100, kind: 'TICKET_CANCEL_REFUND' },
      ]);
      const id = (
        await t.db.selectFrom('reservations').select('id').where('pnr', '=', sold.pnr).executeTakeFirstOrThrow()
      ).id;
      const commission = await t.db
        .selectFrom('commissions')
        .select('amount_minor')
        .where('reservation_id', '=', id)
        .execute();
      expect(commission.reduce((s, c) => s + c.amount_minor, 0)).toBe(0);
    });
  }

  it('refuses a return amount the server does not compute (RETURN_AMOUNT_MISMATCH with the right one)', async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const sold = await sell(t, agent, trip, ['I1']);
    const res = await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: 1320 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'RETURN_AMOUNT_MISMATCH', details: { returnAmount: sold.returnAmount } });
  });

  it('refuses cancelling on a closed trip (TRIP_CLOSED_FOR_CANCELLATION)', async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const other = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6, slot: 0 });
    const sold = await sell(t, agent, other, ['A1']);
    await tripStateSet(t, other.tripId, 'CLOSED');
    const res = await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: sold.returnAmount });
    expect(res.body.reason).toBe('TRIP_CLOSED_FOR_CANCELLATION');
    await tripStateSet(t, other.tripId, 'OPEN');
  });

  it('takes a delayed-cancel request after the cut-off and before departure only', async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const sold = await sell(t, agent, trip, ['H1']);
    const body = { pnr: sold.pnr, pin: sold.pin, reasonId: 1, remarks: 'Fever' };
    const early = await t.call('POST', '/api/reservation/delayedCancelApproval', { token: agent, body });
    expect(early.body.reason).toBe('NOT_PERMITTED');
    t.clock.set(new Date(boarding - 2 * H));
    const bad = await t.call('POST', '/api/reservation/delayedCancelApproval', {
      token: agent,
      body: { ...body, reasonId: 999 },
    });
    expect(bad.status).toBe(400);
    const ok = await t.call('POST', '/api/reservation/delayedCancelApproval', { token: agent, body });
    expect(ok.body).toEqual({ ok: true });
    expect(await t.db.selectFrom('delayed_cancel_requests').select(['reason_id', 'status']).execute()).toEqual([
      { reason_id: 1, status: 'PENDING' },
    ]);
    t.clock.set(new Date(boarding + 1000));
    const after = await t.call('POST', '/api/reservation/delayedCancelApproval', { token: agent, body });
    expect(after.status).toBe(403);
    expect(after.body.reason).toBe('DELAYED_CANCEL_NOT_ALLOWED');
    t.clock.set('2026-01-15T06:00:00.000Z');
  });
});
