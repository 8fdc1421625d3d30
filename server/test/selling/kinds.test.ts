import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  create,
  findTrip,
  lock,
  makeUser,
  openTicketBody,
  passenger,
  seg,
  sell,
  sellingContext,
  type Ctx,
} from './fixtures';

describe('createReservation: book, open ticket, migrate', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('books without charge until min(now + 30 min, departure - 60 min); a lapsed booking frees its seats (status 5)', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const before = await balanceOf(t, agent, trip.companyId);
    const b = await sell(t, agent, trip, ['A1'], { kind: 'BOOK' });
    expect(b.status).toBe(2);
    expect((b as unknown as { expirationTime: string }).expirationTime).toBe('2026-01-15T06:30:00.000Z');
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before);
    expect((await lock(t, await t.login('postpaid'), trip, ['A1'])).body.reason).toBe('SEAT_UNAVAILABLE');
    t.clock.advanceMinutes(30);
    // Read lazily: the lapsed booking no longer holds the seat.
    const byPin = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: agent,
      body: { pnr: b.pnr, pin: b.pin },
    });
    expect(byPin.body.status).toBe(5);
    expect(byPin.body.seats[0].status).toBe(5);
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('caps the expiry at departure - 60 min and refuses a booking inside the last hour (BOOKING_TIME_EXCEED)', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 0, slot: 1 });
    const departure = new Date(trip.times[0] as string).getTime();
    t.clock.set(new Date(departure - 80 * 60_000));
    const b = await sell(t, agent, trip, ['L1'], { kind: 'BOOK' });
    expect((b as unknown as { expirationTime: string }).expirationTime).toBe(
      new Date(departure - 60 * 60_000).toISOString(),
    );
    t.clock.set(new Date(departure - 60 * 60_000));
    await lock(t, agent, trip, ['L2']);
    const late = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'BOOK',
      ...seg(trip),
      seats: ['L2'],
      passenger: passenger(),
    });
    expect(late.status).toBe(422);
    expect(late.body.reason).toBe('BOOKING_TIME_EXCEED');
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('the sweep expires lapsed bookings nobody looks at', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const b = await sell(t, agent, trip, ['C1', 'C2'], { kind: 'BOOK' });
    t.clock.advanceMinutes(31);
    expect(await t.app.services.bookingExpiry.expire()).toBe(1);
    const row = await t.db
      .selectFrom('reservations')
      .select('status')
      .where('pnr', '=', b.pnr)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(5);
    const seats = await t.db
      .selectFrom('reservation_seats as s')
      .innerJoin('reservations as r', 'r.id', 's.reservation_id')
      .select(['s.active', 's.status'])
      .where('r.pnr', '=', b.pnr)
      .execute();
    expect(seats).toEqual([
      { active: 0, status: 5 },
      { active: 0, status: 5 },
    ]);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('sells an open ticket: route, segment and seat type, seat OPEN, charged, status 12', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG' });
    const before = await balanceOf(t, agent, trip.companyId);
    const res = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'OPEN',
      routeId: trip.routeId,
      seatType: 'Standard',
      seatCount: 2,
      ...seg(trip),
      tripId: undefined,
      passenger: passenger(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 12,
      tripId: null,
      totalFare: 1440,
      seats: [{ name: 'OPEN', seatType: 'Standard' }, { name: 'OPEN' }],
    });
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before - 1440);
    const missing = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'OPEN',
      ...seg(trip),
      passenger: passenger(),
    });
    expect(Object.keys(missing.body.details.fields).sort()).toEqual(['routeId', 'seatCount', 'seatType']);
    const sellOnly = await makeUser(t, 'sell-only', ['AGENT_CREATE_RESERVATION']);
    const noPermission = await create(t, sellOnly, openTicketBody(trip));
    expect(noPermission.status).toBe(403);
    expect(noPermission.body).toMatchObject({
      reason: 'PERMISSION_DENIED',
      details: { required: { allOf: ['AGENT_SELL_OPEN_TICKET'] } },
    });
  });

  it('migrates a sold ticket to a trip of the same route: quote, positive difference charged, old 10, new 1 with referencePnr; cancelling the new one makes the old 14', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6, slot: 0 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7, slot: 1 });
    const sold = await sell(t, agent, from, ['A1']);
    const quote = await t.call('POST', '/api/reservation/validateTripMigration', {
      token: agent,
      body: { pnr: sold.pnr, pin: sold.pin, ...seg(to), seats: ['L1'] },
    });
    expect(quote.body).toEqual({ currentTotal: 1320, newTotal: 1920, difference: 600, charge: 600 });
    const before = await balanceOf(t, agent, from.companyId);
    await lock(t, agent, to, ['L1']);
    const moved = await create(t, agent, {
      companyId: to.companyId,
      kind: 'MIGRATE',
      ...seg(to),
      seats: ['L1'],
      migrateFrom: { pnr: sold.pnr, pin: sold.pin },
      passenger: passenger(),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 1, referencePnr: sold.pnr, tripId: to.tripId });
    expect(await balanceOf(t, agent, from.companyId)).toBe(before - 600);
    const old = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: agent,
      body: { pnr: sold.pnr, pin: sold.pin },
    });
    expect(old.body.status).toBe(10);
    expect((await lock(t, agent, from, ['A1'])).status).toBe(200);
    // A cheaper target is not refunded.
    const back = await t.call('POST', '/api/reservation/validateTripMigration', {
      token: agent,
      body: { pnr: moved.body.pnr, pin: moved.body.pin, ...seg(from), seats: ['A1'] },
    });
    expect(back.body).toEqual({ currentTotal: 1920, newTotal: 1320, difference: -600, charge: 0 });
    // Cancel the migrated-to reservation: the original becomes 14.
    const cancel = await t.call('POST', '/api/reservation/ticketOperation', {
      token: agent,
      body: { pnr: moved.body.pnr, pin: moved.body.pin, action: 2, returnAmount: moved.body.returnAmount },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const old2 = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: agent,
      body: { pnr: sold.pnr, pin: sold.pin },
    });
    expect(old2.body.status).toBe(14);
  });

  it('refuses migrating a booking, to another route, or with the wrong number of seats', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 8 });
    const other = await findTrip(t, { company: 'MEGHNA', route: 'DHK-COX', day: 8 });
    const booked = await sell(t, agent, from, ['A1'], { kind: 'BOOK' });
    const q1 = await t.call('POST', '/api/reservation/validateTripMigration', {
      token: agent,
      body: { pnr: booked.pnr, pin: booked.pin, ...seg(from), seats: ['A2'] },
    });
    expect(q1.body.reason).toBe('NOT_PERMITTED');
    const sold = await sell(t, agent, from, ['B1']);
    const q2 = await t.call('POST', '/api/reservation/validateTripMigration', {
      token: agent,
      body: { pnr: sold.pnr, pin: sold.pin, ...seg(other), seats: ['A1'] },
    });
    expect(q2.body.reason).toBe('TRIP_NOT_ALLOWED');
    await lock(t, agent, from, ['C1', 'C2']);
    const two = await create(t, agent, {
      companyId: from.companyId,
      kind: 'MIGRATE',
      ...seg(from),
      seats: ['C1', 'C2'],
      migrateFrom: { pnr: sold.pnr, pin: sold.pin },
      passenger: passenger(),
    });
    expect(two.status).toBe(400);
    expect(two.body.details.fields.seats).toContain('1 seat');
  });
});

describe('discount coupons', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const check = (trip: { tripId: number; stations: number[] }, couponCode: string, phone = '+8801900000001') =>
    t.call('POST', '/api/reservation/checkDiscountCoupon', {
      token: agent,
      body: { couponCode, tripId: trip.tripId, boardingId: trip.stations[0], phone },
    });

  it('checks a coupon for a trip, boarding point and phone', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const ok = await check(trip, 'flat50');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ couponCode: 'FLAT50', type: 'FIXED', value: 50, remainingUses: -1 });
    expect((await check(trip, 'PCT10')).body).toMatchObject({ type: 'PERCENT', value: 10, remainingUses: 1 });
    const expired = await check(trip, 'OLD20');
    expect(expired.status).toBe(422);
    expect(expired.body.reason).toBe('INVALID_DISCOUNT_COUPON');
    const unknown = await check(trip, 'NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toBe('DISCOUNT_COUPON_NOT_FOUND');
  });

  it('is not valid for a trip of another route when bound to a route', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const other = await findTrip(t, { company: 'MEGHNA', route: 'DHK-COX' });
    await t.db
      .insertInto('coupons')
      .values({
        company_id: trip.companyId,
        code: 'CTGONLY',
        coupon_type: 'FIXED',
        value_hundredths: 1000,
        route_id: trip.routeId,
        valid_from: '2026-01-01T00:00:00.000Z',
        valid_until: '2026-12-31T00:00:00.000Z',
        per_phone_limit: null,
      })
      .execute();
    expect((await check(trip, 'CTGONLY')).status).toBe(200);
    expect((await check(other, 'CTGONLY')).body.reason).toBe('INVALID_DISCOUNT_COUPON');
  });

  it('discounts each seat at sale; a per-phone limit of 1 and duplicates are refused', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const phone = '+8801900000002';
    const pct = await sell(t, agent, trip, ['A1', 'A2'], { phone, couponCode: 'PCT10' });
    expect(pct).toMatchObject({ totalFare: 2376 });
    expect((pct as unknown as { discount: number }).discount).toBe(264);
    expect((await check(trip, 'PCT10', phone)).body.reason).toBe('DUPLICATE_DISCOUNT_COUPON');
    const other = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const limit = await check(other, 'PCT10', phone);
    expect(limit.body.reason).toBe('DISCOUNT_COUPON_LIMIT_EXCEEDED');
    await lock(t, agent, other, ['A1']);
    const refused = await create(t, agent, {
      companyId: other.companyId,
      kind: 'SELL',
      ...seg(other),
      seats: ['A1'],
      passenger: passenger(phone),
      couponCode: 'PCT10',
    });
    expect(refused.body.reason).toBe('DISCOUNT_COUPON_LIMIT_EXCEEDED');
    const flat = await create(t, agent, {
      companyId: other.companyId,
      kind: 'SELL',
      ...seg(other),
      seats: ['A1'],
      passenger: passenger(phone),
      couponCode: 'FLAT50',
    });
    expect(flat.body).toMatchObject({ totalFare: 1270, discount: 50 });
    // Cancelling gives the use back.
    const cancel = await t.call('POST', '/api/reservation/ticketOperation', {
      token: agent,
      body: { pnr: pct.pnr, pin: pct.pin, action: 2, returnAmount: pct.returnAmount },
    });
    expect(cancel.status).toBe(200);
    expect((await check(other, 'PCT10', phone)).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const ledgerCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a repeated createReservation returns the first answer and changes nothing; another body with the key is refused', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    await lock(t, agent, trip, ['A1']);
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['A1'], passenger: passenger() };
    const first = await create(t, agent, body, { 'idempotency-key': 'sale-1' });
    expect(first.status).toBe(200);
    const rows = await ledgerCount();
    const again = await create(t, agent, body, { 'idempotency-key': 'sale-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await ledgerCount()).toBe(rows);
    expect(
      await t.db.selectFrom('reservations').select('id').where('trip_id', '=', trip.tripId).execute(),
    ).toHaveLength(1);
    const reused = await create(t, agent, { ...body, seats: ['A2'] }, { 'idempotency-key': 'sale-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another user's key space is their own.
    const other = await t.login('postpaid');
    await lock(t, other, trip, ['B1']);
    expect((await create(t, other, { ...body, seats: ['B1'] }, { 'idempotency-key': 'sale-1' })).status).toBe(200);
  });

  it('concurrent repeats of one key make one sale', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    await lock(t, agent, trip, ['C1']);
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['C1'], passenger: passenger() };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create(t, agent, body, { 'idempotency-key': 'sale-2' })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.pnr)).size).toBe(1);
  });

  it('a repeated ticketOperation cancels and refunds once', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const sold = await sell(t, agent, trip, ['A1']);
    const body = { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: sold.returnAmount };
    const first = await t.call('POST', '/api/reservation/ticketOperation', {
      token: agent,
      body,
      headers: { 'idempotency-key': 'cancel-1' },
    });
    expect(first.status).toBe(200);
    const rows = await ledgerCount();
    const again = await t.call('POST', '/api/reservation/ticketOperation', {
      token: agent,
      body,
      headers: { 'idempotency-key': 'cancel-1' },
    });
    expect(again.body).toEqual(first.body);
    expect(await ledgerCount()).toBe(rows);
    const without = await t.call('POST', '/api/reservation/ticketOperation', { token: agent, body });
    expect(without.body.reason).toBe('RESERVATION_NOT_CANCELLABLE');
  });
});

describe('the periodic booking sweep', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext({ BOOKING_SWEEP_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('expires lapsed bookings on its own while the server runs', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const b = await sell(t, agent, trip, ['A1'], { kind: 'BOOK' });
    t.clock.advanceMinutes(31);
    const statusOf = async () =>
      (await t.db.selectFrom('reservations').select('status').where('pnr', '=', b.pnr).executeTakeFirstOrThrow())
        .status;
    for (let i = 0; i < 30 && (await statusOf()) !== 5; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf()).toBe(5);
  });
});

describe('Idempotency-Key after the rules changed', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  it('a repeat after the trip closed still answers the first sale', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    await lock(t, agent, trip, ['A1']);
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['A1'], passenger: passenger() };
    const first = await create(t, agent, body, { 'idempotency-key': 'late-repeat' });
    await t.db.updateTable('trips').set({ state: 'CLOSED' }).where('id', '=', trip.tripId).execute();
    const again = await create(t, agent, body, { 'idempotency-key': 'late-repeat' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});
