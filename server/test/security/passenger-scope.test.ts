/**
 * Issue 13, class 6: data across agents, written as an attacker would.
 * Passenger memory (phone -> name, e-mail) belongs to one agent in one
 * company: another agent can neither read it nor overwrite it, and one agent's
 * memory in one company is not shown in another. Phone numbers are one
 * number however they are written (+8801..., 8801..., 01...), for the memory
 * and for a coupon's "uses per phone" limit alike; a number that is no phone
 * number is a field error, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPhone } from '@agent-portal/contract';
import { normaliseStoredPhones } from '../../src/db/migrations/0009_passenger_scope';
import { seatsOf } from '../../src/domain/seat-layouts';
import { layoutOf } from '../../src/modules/trip/service';
import {
  create,
  findTrip,
  lock,
  passenger,
  seg,
  sell,
  sellingContext,
  type Ctx,
  type TripRef,
} from '../selling/fixtures';

/** The n-th seat of the trip's coach layout (layouts differ by coach type). */
async function seatOf(t: Ctx, trip: TripRef, n: number): Promise<string> {
  const ctx = await t.app.services.trips.get(trip.tripId);
  const seat = seatsOf(layoutOf(ctx))[n];
  if (!seat) throw new Error(`no seat ${n}`);
  return seat.name;
}

describe('passenger memory is per company and per agent', () => {
  let t: Ctx;
  let agentA: string;
  let agentB: string;
  let padma: number;
  let meghna: number;
  beforeAll(async () => {
    t = await sellingContext();
    agentA = await t.login('agent'); // AG-1001, PADMA and MEGHNA
    agentB = await t.login('seller'); // AG-1002, PADMA
    padma = (await t.db.selectFrom('companies').select('id').where('code', '=', 'PADMA').executeTakeFirstOrThrow()).id;
    meghna = (await t.db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.close());

  const find = (token: string, companyId: number, phone: string) =>
    t.call('POST', '/api/passenger/find', { token, body: { companyId, phone } });
  async function sellAs(token: string, trip: TripRef, n: number, p: { phone: string; name: string; email?: string }) {
    const seat = await seatOf(t, trip, n);
    expect((await lock(t, token, trip, [seat])).status).toBe(200);
    const res = await create(t, token, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: [seat],
      passenger: { countryCode: 'BD', ...p },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it("agent B (another company's agent) neither reads nor overwrites agent A's passenger", async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 2 });
    await sellAs(agentA, trip, 0, { phone: '+8801711000501', name: 'Ayesha Rahman', email: 'ayesha@example.com' });
    expect((await find(agentA, padma, '+8801711000501')).body).toMatchObject({
      name: 'Ayesha Rahman',
      email: 'ayesha@example.com',
    });
    // B asks for the same number in the same company: nothing.
    const peek = await find(agentB, padma, '+8801711000501');
    expect(peek.status).toBe(200);
    expect(peek.body).toBeNull();
    // B sells to that number under another name: A's memory stays A's.
    await sellAs(agentB, trip, 1, { phone: '+8801711000501', name: 'Mallory', email: 'mallory@example.com' });
    expect((await find(agentA, padma, '+8801711000501')).body).toMatchObject({
      name: 'Ayesha Rahman',
      email: 'ayesha@example.com',
    });
    expect((await find(agentB, padma, '+8801711000501')).body).toMatchObject({ name: 'Mallory' });
  });

  it("B cannot reach A's memory through a company that is not B's", async () => {
    const res = await find(agentB, meghna, '+8801711000501');
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('COMPANY_NOT_ALLOWED');
  });

  it('one agent in two companies keeps two memories', async () => {
    const inPadma = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 3 });
    const inMeghna = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    await sellAs(agentA, inPadma, 0, { phone: '+8801711000502', name: 'Padma Passenger' });
    expect((await find(agentA, meghna, '+8801711000502')).body).toBeNull();
    await sellAs(agentA, inMeghna, 0, { phone: '+8801711000502', name: 'Meghna Passenger' });
    expect((await find(agentA, padma, '+8801711000502')).body).toMatchObject({ name: 'Padma Passenger' });
    expect((await find(agentA, meghna, '+8801711000502')).body).toMatchObject({ name: 'Meghna Passenger' });
  });

  it('+8801..., 8801... and 01... are one number: stored once, found by any form', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 4 });
    const sold = await sellAs(agentA, trip, 0, { phone: '01711000503', name: 'Karim Uddin' });
    expect(sold.passenger.phone).toBe('+8801711000503');
    for (const form of ['+8801711000503', '8801711000503', '01711000503', '017-1100 0503']) {
      expect((await find(agentA, padma, form)).body, form).toMatchObject({
        phone: '+8801711000503',
        name: 'Karim Uddin',
      });
    }
    // A later sale written the other way updates the same memory, not a second one.
    await sellAs(agentA, trip, 1, { phone: '8801711000503', name: 'Karim Uddin Chowdhury' });
    expect((await find(agentA, padma, '01711000503')).body).toMatchObject({ name: 'Karim Uddin Chowdhury' });
    const rows = await t.db
      .selectFrom('known_passengers')
      .select('phone')
      .where('phone', 'like', '%1711000503')
      .execute();
    expect(rows).toEqual([{ phone: '+8801711000503' }]);
  });

  it('a number that is no phone number is a field error, never a 500', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 5 });
    for (const phone of ['+88012345', '0171100050', '88017110005031', 'abc']) {
      const looked = await find(agentA, padma, phone);
      expect(looked.status, phone).toBe(400);
      expect(looked.body.details.fields.phone, phone).toBeTruthy();
    }
    const seat = await seatOf(t, trip, 0);
    await lock(t, agentA, trip, [seat]);
    const res = await create(t, agentA, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: [seat],
      passenger: passenger('+88012345'),
    });
    expect(res.status).toBe(400);
    expect(res.body.details.fields['passenger.phone']).toBeTruthy();
  });
});

describe("a coupon's per-phone limit counts one number however it is written", () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const check = (trip: TripRef, phone: string) =>
    t.call('POST', '/api/reservation/checkDiscountCoupon', {
      token: agent,
      body: { couponCode: 'PCT10', tripId: trip.tripId, boardingId: trip.stations[0], phone },
    });

  it('PCT10 (1 use per phone) used with +8801... is refused with 8801... and 01...', async () => {
    const first = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    await sell(t, agent, first, ['A1'], { phone: '+8801900000601', couponCode: 'PCT10' });
    const second = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    for (const phone of ['8801900000601', '01900000601', '0190-000 0601']) {
      expect((await check(second, phone)).body.reason, phone).toBe('DISCOUNT_COUPON_LIMIT_EXCEEDED');
      await lock(t, agent, second, ['A1']);
      const res = await create(t, agent, {
        companyId: second.companyId,
        kind: 'SELL',
        ...seg(second),
        seats: ['A1'],
        passenger: passenger(phone),
        couponCode: 'PCT10',
      });
      expect(res.body.reason, phone).toBe('DISCOUNT_COUPON_LIMIT_EXCEEDED');
    }
    // Same trip, other spelling: a duplicate, not a second use.
    expect((await check(first, '01900000601')).body.reason).toBe('DUPLICATE_DISCOUNT_COUPON');
  });

  it('the quote (fareQuote) and the sale agree on the same limit', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const q = await t.call('POST', '/api/reservation/quote', {
      token: agent,
      body: {
        companyId: trip.companyId,
        kind: 'SELL',
        ...seg(trip),
        seats: ['A1'],
        couponCode: 'PCT10',
        phone: '01900000601',
      },
    });
    expect(q.body.reason).toBe('DISCOUNT_COUPON_LIMIT_EXCEEDED');
  });

  it('uses stored before the upgrade, in any spelling, still count once normalised', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const sold = await sell(t, agent, trip, ['B1'], { phone: '+8801900000602', couponCode: 'PCT10' });
    // As a database from before the upgrade held it: the number as the agent typed it.
    const id = (
      await t.db.selectFrom('reservations').select('id').where('pnr', '=', sold.pnr).executeTakeFirstOrThrow()
    ).id;
    await t.db.updateTable('coupon_uses').set({ phone: '01900000602' }).where('reservation_id', '=', id).execute();
    await t.db.updateTable('reservations').set({ passenger_phone: '01900000602' }).where('id', '=', id).execute();
    await normaliseStoredPhones(t.db);
    expect(
      (await t.db.selectFrom('coupon_uses').select('phone').where('reservation_id', '=', id).executeTakeFirstOrThrow())
        .phone,
    ).toBe('+8801900000602');
    expect(
      (await t.db.selectFrom('reservations').select('passenger_phone').where('id', '=', id).executeTakeFirstOrThrow())
        .passenger_phone,
    ).toBe('+8801900000602');
    const other = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
    expect((await check(other, '+8801900000602')).body.reason).toBe('DISCOUNT_COUPON_LIMIT_EXCEEDED');
  });
});

describe('canonicalPhone', () => {
  it('writes every form of a Bangladeshi mobile as +8801XXXXXXXXX and keeps other numbers in international form', () => {
    expect(canonicalPhone('+8801711223344')).toBe('+8801711223344');
    expect(canonicalPhone('8801711223344')).toBe('+8801711223344');
    expect(canonicalPhone('01711223344')).toBe('+8801711223344');
    expect(canonicalPhone(' 0171-122 3344 ')).toBe('+8801711223344');
    expect(canonicalPhone('+447700900123')).toBe('+447700900123');
    expect(canonicalPhone('+88012345')).toBeNull();
    expect(canonicalPhone('01211223344')).toBeNull();
    expect(canonicalPhone('12')).toBeNull();
  });
});
