/**
 * POST /api/reservation/changeBoardingPoint (issue #16, item 6): the rules of
 * modules/ticket-operation/boarding-point.ts, on a real database through
 * app.inject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doubleHeldSeats } from '../../src/db/integrity';
import { intruder, NO_SUCH_PNR, pnrContext, seatNames, shape, wrongPin } from '../security/pnr-fixtures';
import {
  balanceOf,
  findTrip,
  makeUser,
  runOperator,
  sell,
  seg,
  ticketOp,
  tripStateSet,
  type Ctx,
  type TripRef,
} from './fixtures';

type Held = { pnr: string; pin: string; trip: TripRef; seat: string };

describe('changeBoardingPoint', () => {
  let t: Ctx;
  let agent: string;
  let other: string;
  let day = 0;

  beforeAll(async () => {
    t = await pnrContext();
    agent = await t.login('agent');
    // Another user of the same agent (AG-1001): sells the freed leg.
    other = await makeUser(t, 'counter-two', [
      'AGENT_CREATE_RESERVATION',
      'AGENT_CREATE_BOOKING',
      'AGENT_CANCEL_RESERVATION',
      'AGENT_CANCEL_BOOKING',
    ]);
  });
  afterAll(() => t.close());

  /** A fresh reservation of the demo agent on MEGHNA Sayedabad - Jangalia - Oxygen, a trip of its own. */
  async function make(
    opts: { kind?: 'SELL' | 'BOOK'; from?: number; to?: number; route?: string; company?: string } = {},
  ): Promise<Held> {
    day = (day % 12) + 1;
    const trip = await findTrip(t, { company: opts.company ?? 'MEGHNA', route: opts.route ?? 'DHK-CTG', day, slot: 2 });
    const taken = new Set(
      (await t.db.selectFrom('reservation_seats').select('seat_name').where('trip_id', '=', trip.tripId).execute()).map(
        (r) => r.seat_name,
      ),
    );
    const seat = (await seatNames(t, agent, trip)).find((s) => !taken.has(s));
    if (!seat) throw new Error('no free seat');
    const r = await sell(t, agent, trip, [seat], { kind: opts.kind ?? 'SELL', from: opts.from, to: opts.to });
    return { pnr: r.pnr, pin: r.pin, trip, seat };
  }

  const change = (
    token: string,
    h: Pick<Held, 'pnr' | 'pin'>,
    stationId: number,
    headers: Record<string, string> = {},
  ) =>
    t.call('POST', '/api/reservation/changeBoardingPoint', {
      token,
      body: { pnr: h.pnr, pin: h.pin, stationId },
      headers,
    });
  const history = async (token: string, pnr: string) =>
    (await t.call('POST', '/api/reservation/history', { token, body: { pnr } })).body as {
      action: string;
      remarks: string | null;
      amount: number | null;
    }[];
  const stored = (pnr: string) =>
    t.db.selectFrom('reservations').selectAll().where('pnr', '=', pnr).executeTakeFirstOrThrow();
  const seatsOf = async (pnr: string) => {
    const r = await stored(pnr);
    return t.db
      .selectFrom('reservation_seats')
      .select(['from_index', 'to_index', 'fare_minor', 'active'])
      .where('reservation_id', '=', r.id)
      .execute();
  };
  /** The seat's status on the seat map of a segment of the trip. */
  const mapStatus = async (trip: TripRef, seat: string, from: number, to: number) => {
    const res = await t.call('POST', '/api/trip/details', { token: agent, body: seg(trip, from, to) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cells = (res.body.decks as { cells: { seat?: { name: string; status: number } }[] }[]).flatMap(
      (d) => d.cells,
    );
    return cells.find((c) => c.seat?.name === seat)?.seat?.status;
  };

  it('moves a sold ticket to a later stop: origin and boarding time change, the fare and the balance do not, one history row says from where to where', async () => {
    const h = await make();
    const before = (
      await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })
    ).body;
    const balance = await balanceOf(t, agent, h.trip.companyId);
    const list = (await t.call('POST', '/api/reservation/boardingListByPnr', { token: agent, body: { pnr: h.pnr } }))
      .body as { stationId: number; name: string; time: string }[];
    expect(list.map((s) => s.stationId)).toEqual(h.trip.stations.slice(0, -1));

    const res = await change(agent, h, h.trip.stations[1]!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.origin.stationId).toBe(h.trip.stations[1]);
    expect(res.body.origin.name).toBe(list[1]!.name);
    expect(res.body.boardingTime).toBe(new Date(h.trip.times[1]!).toISOString());
    expect(res.body.destination).toEqual(before.destination);
    expect(res.body.status).toBe(1);
    expect(res.body.verified).toBe(true);
    // The fare paid is kept: no refund, no charge.
    expect(res.body.totalFare).toBe(before.totalFare);
    expect(res.body.seats).toEqual(before.seats);
    expect(await balanceOf(t, agent, h.trip.companyId)).toBe(balance);
    expect((await stored(h.pnr)).charged_minor).toBe(Math.round(before.totalFare * 100));
    expect(await seatsOf(h.pnr)).toEqual([expect.objectContaining({ from_index: 1, to_index: 2, active: 1 })]);

    const rows = await history(agent, h.pnr);
    expect(rows.at(-1)).toMatchObject({
      action: 'BOARDING_CHANGED',
      remarks: `${list[0]!.name} → ${list[1]!.name}`,
      remark: { code: 'BOARDING_MOVED', params: { from: list[0]!.name, to: list[1]!.name } },
      amount: null,
    });
    expect(rows.filter((r) => r.action === 'BOARDING_CHANGED')).toHaveLength(1);
    // The look-up shows it too.
    expect(
      (await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })).body
        .origin.stationId,
    ).toBe(h.trip.stations[1]);
  });

  it('frees the leg before the new stop for someone else, and only that leg: no seat is ever sold twice', async () => {
    const h = await make();
    expect(await mapStatus(h.trip, h.seat, 0, 1)).toBe(1);
    expect((await change(agent, h, h.trip.stations[1]!)).status).toBe(200);
    // The seat map: free on the freed leg, still sold on the kept one and on the whole route.
    expect(await mapStatus(h.trip, h.seat, 0, 1)).toBe(0);
    expect(await mapStatus(h.trip, h.seat, 1, 2)).toBe(1);
    expect(await mapStatus(h.trip, h.seat, 0, 2)).toBe(1);

    // The kept legs cannot be sold again, alone or with the freed one.
    for (const [from, to] of [
      [1, 2],
      [0, 2],
    ] as const) {
      const locked = await t.call('POST', '/api/reservation/seatLock', {
        token: other,
        body: { ...seg(h.trip, from, to), lock: [h.seat] },
      });
      if (locked.status === 200) {
        const sale = await t.call('POST', '/api/reservation/createReservation', {
          token: other,
          body: {
            companyId: h.trip.companyId,
            kind: 'SELL',
            ...seg(h.trip, from, to),
            seats: [h.seat],
            passenger: { phone: '+8801811000000', name: 'Second Passenger', countryCode: 'BD' },
          },
        });
        expect(sale.status).not.toBe(200);
      } else {
        expect(locked.body.reason).toBe('SEAT_UNAVAILABLE');
      }
    }
    // The freed leg sells to someone else.
    const second = await sell(t, other, h.trip, [h.seat], { from: 0, to: 1, phone: '+8801811000001' });
    expect(second.status).toBe(1);
    expect(await mapStatus(h.trip, h.seat, 0, 1)).toBe(1);
    expect(await doubleHeldSeats(t.db)).toBe(0);

    // Cancelling the moved ticket now frees only its own legs.
    const shown = (
      await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })
    ).body;
    expect(
      (await ticketOp(t, agent, { pnr: h.pnr, pin: h.pin, action: 2, returnAmount: shown.returnAmount })).status,
    ).toBe(200);
    expect(await mapStatus(h.trip, h.seat, 1, 2)).toBe(0);
    expect(await mapStatus(h.trip, h.seat, 0, 1)).toBe(1);
    expect(await doubleHeldSeats(t.db)).toBe(0);
  });

  it('keeps the cancellation terms of the stop it was sold from: past the cut-off, moving later does not reopen a refund', async () => {
    const h = await make();
    const at = t.clock.now();
    // 5 h before the coach leaves the first stop: under the last band (6 h), no cancel for money; the next stop is 2 h
    // later (7 h ahead).
    t.clock.set(new Date(new Date(h.trip.times[0]!).getTime() - 5 * 3_600_000));
    try {
      const res = await change(agent, h, h.trip.stations[1]!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.returnAmount).toBe(0);
      expect(res.body.fine).toBe(res.body.totalFare);
      const cancel = await ticketOp(t, agent, { pnr: h.pnr, pin: h.pin, action: 2, returnAmount: 0 });
      expect(cancel.body.reason).toBe('RESERVATION_CANCEL_TIME_EXPIRED');
      // A delayed-cancel request is what is left, as before the move.
      const reason = await t.db
        .selectFrom('delayed_cancel_reasons')
        .select('id')
        .where('active', '=', 1)
        .executeTakeFirstOrThrow();
      expect(
        (
          await t.call('POST', '/api/reservation/delayedCancelApproval', {
            token: agent,
            body: { pnr: h.pnr, pin: h.pin, reasonId: reason.id },
          })
        ).status,
      ).toBe(200);
      expect((await stored(h.pnr)).fine_from_index).toBe(0);
    } finally {
      t.clock.set(at);
    }
  });

  it('a booking moves too, and confirms later at the fare it was booked at', async () => {
    const h = await make({ kind: 'BOOK' });
    const booked = (
      await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })
    ).body;
    const res = await change(agent, h, h.trip.stations[1]!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(2);
    const balance = await balanceOf(t, agent, h.trip.companyId);
    const confirmed = await ticketOp(t, agent, { pnr: h.pnr, pin: h.pin, action: 1 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.totalFare).toBe(booked.totalFare);
    expect(await balanceOf(t, agent, h.trip.companyId)).toBeCloseTo(balance - booked.totalFare, 2);
  });

  it('refuses the same stop, an earlier stop and the destination or beyond (BOARDING_POINT_NOT_ALLOWED)', async () => {
    const whole = await make();
    for (const [index, rule] of [
      [0, 'SAME_STOP'],
      [2, 'NOT_BEFORE_DESTINATION'],
    ] as const) {
      const res = await change(agent, whole, whole.trip.stations[index]!);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ reason: 'BOARDING_POINT_NOT_ALLOWED', details: { rule } });
    }
    const later = await make({ from: 1, to: 2 });
    const earlier = await change(agent, later, later.trip.stations[0]!);
    expect(earlier.body).toMatchObject({ reason: 'BOARDING_POINT_NOT_ALLOWED', details: { rule: 'EARLIER_STOP' } });
    // A ticket to the middle stop has no stop between: its destination is the only later one.
    const short = await make({ from: 0, to: 1 });
    expect((await change(agent, short, short.trip.stations[1]!)).body).toMatchObject({
      reason: 'BOARDING_POINT_NOT_ALLOWED',
      details: { rule: 'NOT_BEFORE_DESTINATION' },
    });
    for (const h of [whole, later, short]) {
      expect((await history(agent, h.pnr)).some((r) => r.action === 'BOARDING_CHANGED')).toBe(false);
      expect((await stored(h.pnr)).from_index).toBe(h === later ? 1 : 0);
    }
  });

  it('a stop the trip does not call at, or no station at all, is a 4xx, never a 500', async () => {
    const h = await make();
    const stranger = await t.db
      .selectFrom('stations')
      .select('id')
      .where('id', 'not in', h.trip.stations)
      .executeTakeFirstOrThrow();
    const res = await change(agent, h, stranger.id);
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('STATION_NOT_FOUND');
    for (const stationId of [999_999, 0, -1, 1.5, 2 ** 53]) {
      const bad = await change(agent, h, stationId);
      expect(bad.status, `${stationId}: ${JSON.stringify(bad.body)}`).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
    }
    for (const body of [
      { pnr: h.pnr, pin: h.pin },
      { pnr: h.pnr, pin: h.pin, stationId: 'x' },
      { pnr: 'short', pin: h.pin, stationId: 1 },
      {},
    ]) {
      const bad = await t.call('POST', '/api/reservation/changeBoardingPoint', { token: agent, body });
      expect(bad.status).toBe(400);
    }
  });

  it('only a sold or booked ticket of the agent: cancelled and admin-booked ones are NOT_PERMITTED', async () => {
    const h = await make();
    const shown = (
      await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: h.pnr, pin: h.pin } })
    ).body;
    expect(
      (await ticketOp(t, agent, { pnr: h.pnr, pin: h.pin, action: 2, returnAmount: shown.returnAmount })).status,
    ).toBe(200);
    const cancelled = await change(agent, h, h.trip.stations[1]!);
    expect(cancelled.status).toBe(403);
    expect(cancelled.body.reason).toBe('NOT_PERMITTED');

    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 13, slot: 2 });
    const held = await t.app.services.tripOperator.hold(trip.tripId, 'A1', 3);
    const admin = await change(agent, held, trip.stations[1]!);
    expect(admin.status).toBe(403);
    expect(admin.body.reason).toBe('NOT_PERMITTED');
    expect((await stored(held.pnr)).from_index).toBe(0);
  });

  it('needs the permission that cancels the status: PERMISSION_DENIED otherwise', async () => {
    const bookingOnly = await makeUser(t, 'booking-only', ['AGENT_CANCEL_BOOKING']);
    const soldOnly = await makeUser(t, 'sold-only', ['AGENT_CANCEL_RESERVATION']);
    const neither = await makeUser(t, 'lookup-only', ['AGENT_EXTEND_BOOKING_TIME', 'AGENT_CONFIRM_BOOKING']);
    const sold = await make();
    const booked = await make({ kind: 'BOOK' });
    expect((await change(bookingOnly, sold, sold.trip.stations[1]!)).body.reason).toBe('PERMISSION_DENIED');
    expect((await change(soldOnly, booked, booked.trip.stations[1]!)).body.reason).toBe('PERMISSION_DENIED');
    const none = await change(neither, sold, sold.trip.stations[1]!);
    expect(none.status).toBe(403);
    expect(none.body.reason).toBe('PERMISSION_DENIED');
    expect((await change(soldOnly, sold, sold.trip.stations[1]!)).status).toBe(200);
    expect((await change(bookingOnly, booked, booked.trip.stations[1]!)).status).toBe(200);
  });

  it('refuses a closed trip, a coach that has left the boarding point, and a trip that sells no intermediate segments', async () => {
    const closed = await make();
    await tripStateSet(t, closed.trip.tripId, 'CLOSED');
    expect((await change(agent, closed, closed.trip.stations[1]!)).body.reason).toBe('TRIP_IS_CLOSED');
    await tripStateSet(t, closed.trip.tripId, 'OPEN');

    const omitted = await make();
    await tripStateSet(t, omitted.trip.tripId, 'OMITTED');
    expect((await change(agent, omitted, omitted.trip.stations[1]!)).body.reason).toBe('TRIP_OMITTED');
    await tripStateSet(t, omitted.trip.tripId, 'OPEN');

    const departed = await make();
    const at = t.clock.now();
    t.clock.set(new Date(departed.trip.times[0]!));
    try {
      const res = await change(agent, departed, departed.trip.stations[1]!);
      expect(res.body.reason).toBe('TRIP_IS_CLOSED');
    } finally {
      t.clock.set(at);
    }
    expect((await stored(departed.pnr)).from_index).toBe(0);

    const direct = await make({ company: 'PADMA', route: 'DHK-COX' });
    expect((await change(agent, direct, direct.trip.stations[1]!)).body.reason).toBe('PARTIAL_SALES_NOT_ALLOWED');
  });

  it('refuses a stop the agent may not sell from (ORIGIN_NOT_ALLOWED), its settings read afresh (not cached) without blocking the write', async () => {
    // PADMA's Dhaka - Chattogram: Sayedabad, Cumilla Bypass, Dampara; the demo agent may not sell from Cumilla Bypass
    // (seed).
    const h = await make({ company: 'PADMA' });
    // The sale's settings are cached for 5 s: past that the change reads them from the database.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const res = await change(agent, h, h.trip.stations[1]!);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('ORIGIN_NOT_ALLOWED');
    expect((await stored(h.pnr)).from_index).toBe(0);
  });

  it('honours the Idempotency-Key: a repeat answers the first result and writes nothing more', async () => {
    const h = await make();
    const key = { 'Idempotency-Key': 'boarding-0001-aaaa' };
    const first = await change(agent, h, h.trip.stations[1]!, key);
    expect(first.status).toBe(200);
    const again = await change(agent, h, h.trip.stations[1]!, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await history(agent, h.pnr)).filter((r) => r.action === 'BOARDING_CHANGED')).toHaveLength(1);
    // Without the key the same request is a new one, refused as meaningless now.
    expect((await change(agent, h, h.trip.stations[1]!)).body.reason).toBe('BOARDING_POINT_NOT_ALLOWED');
    const reused = await change(agent, h, h.trip.stations[0]!, key);
    expect(reused.status).toBe(409);
    expect(reused.body.reason).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('is refused while the maintenance switch is on (503 SALES_RESTRICTED)', async () => {
    const h = await make();
    // The app's own switch (it forgets its cached state at once; other tests here move the clock back and forth).
    await t.app.services.maintenance.turnOn(null);
    try {
      const res = await change(agent, h, h.trip.stations[1]!);
      expect(res.status).toBe(503);
      expect(res.body.reason).toBe('SALES_RESTRICTED');
    } finally {
      await t.app.services.maintenance.turnOff();
    }
    expect((await stored(h.pnr)).from_index).toBe(0);
  });

  describe('an attacker of another agent', () => {
    let attacker: string;
    beforeAll(async () => {
      attacker = await intruder(t, 'boarding-intruder');
    });

    it("another agent's PNR, even with its right PIN, answers exactly like a PNR that does not exist", async () => {
      const h = await make();
      const theirs = shape(await change(attacker, h, h.trip.stations[1]!), h.pnr);
      const none = shape(await change(attacker, { pnr: NO_SUCH_PNR, pin: h.pin }, h.trip.stations[1]!), NO_SUCH_PNR);
      expect(theirs).toEqual(none);
      expect(none).toEqual({ status: 422, body: { reason: 'WRONG_PNR_PIN' } });
      expect((await stored(h.pnr)).from_index).toBe(0);
    });

    it('wrong PINs are counted by the one guard: the PNR locks, the right PIN included', async () => {
      const h = await make();
      // Tries of a user who may access the ticket: a stranger's lock only the stranger (pin-lockout-owner.test.ts).
      for (let i = 1; i <= 5; i += 1) {
        const res = await change(agent, { pnr: h.pnr, pin: wrongPin(h.pin, i) }, h.trip.stations[1]!);
        expect(res.body.reason).toBe('WRONG_PNR_PIN');
      }
      const counted = await t.db
        .selectFrom('pin_attempts')
        .select(['tries', 'locked_until'])
        .where('kind', '=', 'WRONG_PIN_PNR')
        .where('key', '=', h.pnr)
        .executeTakeFirstOrThrow();
      expect(counted.tries).toBe(5);
      expect(counted.locked_until).not.toBeNull();
      const owner = await change(agent, h, h.trip.stations[1]!);
      expect(owner.status).toBe(423);
      expect(owner.body.reason).toBe('PNR_LOCKED');
      expect((await stored(h.pnr)).from_index).toBe(0);
      await runOperator(t, 'pnr', 'unlock', h.pnr);
      expect((await change(agent, h, h.trip.stations[1]!)).status).toBe(200);
    });
  });
});
