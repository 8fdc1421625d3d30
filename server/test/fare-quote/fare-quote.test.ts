/**
 * POST /api/reservation/quote on a real database: the quote is what the
 * sale then charges (the ledger debit of the sale that follows), for open
 * tickets and trip seats, with and without a coupon; refusals are the sale's.
 */
import { SEAT_TYPES } from '@agent-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  create,
  findTrip,
  lock,
  makeUser,
  passenger,
  seg,
  sellingContext,
  tripStateSet,
  type Ctx,
  type TripRef,
} from '../selling/fixtures';

describe('fare quote', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const quote = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/reservation/quote', { token, body });
  const openBody = (trip: TripRef, extra: Record<string, unknown> = {}) => ({
    companyId: trip.companyId,
    kind: 'OPEN',
    routeId: trip.routeId,
    originStationId: trip.stations[0],
    destinationStationId: trip.stations[trip.stations.length - 1],
    seatType: 'Standard',
    seatCount: 2,
    ...extra,
  });

  /** The ledger debit a sale (by its PNR) posted, in money. */
  const debitOf = async (pnr: string) => {
    const rows = await t.db
      .selectFrom('ledger_entries')
      .select(['entry_type', 'amount_minor'])
      .where('reference', '=', pnr)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.entry_type).toBe('DEBIT');
    return (rows[0]?.amount_minor ?? 0) / 100;
  };
  const commissionOf = async (pnr: string) => {
    const row = await t.db
      .selectFrom('commissions as c')
      .innerJoin('reservations as r', 'r.id', 'c.reservation_id')
      .select('c.amount_minor')
      .where('r.pnr', '=', pnr)
      .executeTakeFirst();
    return (row?.amount_minor ?? 0) / 100;
  };

  it('open ticket: the quote is what the sale then debits, changing nothing by itself', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG' });
    const before = await balanceOf(t, agent, trip.companyId);
    const q = await quote(openBody(trip));
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body).toMatchObject({ fare: 1440, discount: 0, total: 1440, charge: 1440, coupon: null });
    expect(q.body.seats).toEqual([
      { name: 'OPEN', seatType: 'Standard', fare: 720, discount: 0, net: 720 },
      { name: 'OPEN', seatType: 'Standard', fare: 720, discount: 0, net: 720 },
    ]);
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before);
    const sold = await create(t, agent, { ...openBody(trip), passenger: passenger() });
    expect(sold.status).toBe(200);
    expect(await debitOf(sold.body.pnr)).toBe(q.body.charge);
    expect(sold.body.totalFare).toBe(q.body.total);
    expect(await commissionOf(sold.body.pnr)).toBe(q.body.commission);
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before - q.body.charge);
  });

  it('open ticket with a percent coupon: the same discount and debit as the sale', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const phone = '+8801900000101';
    const body = openBody(trip, { seatCount: 3, couponCode: 'PCT10' });
    const q = await quote({ ...body, phone });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.discount).toBeGreaterThan(0);
    expect(q.body.total).toBe(Math.round((q.body.fare - q.body.discount) * 100) / 100);
    expect(q.body.coupon).toMatchObject({ couponCode: 'PCT10', type: 'PERCENT', value: 10, remainingUses: 1 });
    const sold = await create(t, agent, { ...body, passenger: passenger(phone) });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect({ fare: sold.body.fare, discount: sold.body.discount, total: sold.body.totalFare }).toEqual({
      fare: q.body.fare,
      discount: q.body.discount,
      total: q.body.total,
    });
    expect(await debitOf(sold.body.pnr)).toBe(q.body.charge);
    // The coupon is used up for this phone now: the quote refuses it as the sale would.
    const again = await quote({ ...body, phone });
    expect([again.status, again.body.reason]).toEqual([422, 'DISCOUNT_COUPON_LIMIT_EXCEEDED']);
  });

  it('trip seats with a fixed coupon: the normal sale preview gets the figures the sale charges', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const phone = '+8801900000102';
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['B1', 'B2'], couponCode: 'FLAT50' };
    const q = await quote({ ...body, phone });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.seats.map((s: { name: string; discount: number }) => [s.name, s.discount])).toEqual([
      ['B1', 50],
      ['B2', 50],
    ]);
    expect(q.body.commission).toBeGreaterThanOrEqual(0);
    await lock(t, agent, trip, ['B1', 'B2']);
    const sold = await create(t, agent, { ...body, passenger: passenger(phone) });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.totalFare).toBe(q.body.total);
    expect(await debitOf(sold.body.pnr)).toBe(q.body.charge);
    expect(await commissionOf(sold.body.pnr)).toBe(q.body.commission);
    // A booking quotes the same fare and discount but no charge.
    const book = await quote({ ...body, kind: 'BOOK', seats: ['C1'], phone: '+8801900000103' });
    expect(book.body).toMatchObject({ charge: 0, commission: 0, discount: 50 });
  });

  it("a departure's own fare table replaces its route's, for that departure only", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
    // The same departure the next day: the same route and coach type, so the same route fare table.
    const sibling = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7 });
    const coachTypeOf = async (tripId: number) =>
      (
        await t.db
          .selectFrom('trips')
          .innerJoin('coaches', 'coaches.id', 'trips.coach_id')
          .select('coaches.coach_type_id')
          .where('trips.id', '=', tripId)
          .executeTakeFirstOrThrow()
      ).coach_type_id;
    const coachTypeId = await coachTypeOf(trip.tripId);
    expect(await coachTypeOf(sibling.tripId)).toBe(coachTypeId);
    // The operator prices this departure on its own (before anything quotes it: fare tables are cached a while).
    const routeTable = await t.db
      .selectFrom('fares')
      .select(['route_id', 'coach_type_id', 'from_index', 'to_index', 'seat_type'])
      .where('trip_id', 'is', null)
      .where('route_id', '=', trip.routeId)
      .where('coach_type_id', '=', coachTypeId)
      .execute();
    await t.db
      .insertInto('fares')
      .values(routeTable.map((f) => ({ ...f, trip_id: trip.tripId, fare_minor: 777_00 })))
      .execute();
    const sell = (tr: TripRef) => ({ companyId: tr.companyId, kind: 'SELL', ...seg(tr), seats: ['A1'] });
    const own = await quote(sell(trip));
    const route = await quote(sell(sibling));
    expect([own.status, route.status], JSON.stringify([own.body, route.body])).toEqual([200, 200]);
    expect(own.body.total).toBe(777);
    expect(route.body.total).not.toBe(777);
    expect(route.body.total).toBeGreaterThan(0);
  });

  it('refuses as the sale would: permission, company, unassigned route, stops, seat type, coupon, closed trip', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG' });
    const sellOnly = await makeUser(t, 'quote-sell-only', ['AGENT_CREATE_RESERVATION']);
    const denied = await quote(openBody(trip), sellOnly);
    expect([denied.status, denied.body.details?.required]).toEqual([403, { allOf: ['AGENT_SELL_OPEN_TICKET'] }]);
    const missing = await quote({
      companyId: trip.companyId,
      kind: 'OPEN',
      originStationId: trip.stations[0],
      destinationStationId: trip.stations[1],
    });
    expect(Object.keys(missing.body.details.fields).sort()).toEqual(['routeId', 'seatCount', 'seatType']);
    expect((await quote(openBody(trip, { companyId: 999 }))).body.reason).toBe('COMPANY_NOT_ALLOWED');
    const otherRoute = await t.db
      .selectFrom('routes')
      .select('id')
      .where('company_id', '=', trip.companyId)
      .where('id', '!=', trip.routeId)
      .execute();
    const agentRow = await t.db
      .selectFrom('agents')
      .select('id')
      .where('code', '=', 'AG-1001')
      .executeTakeFirstOrThrow();
    const assigned = await t.db
      .selectFrom('agent_assigned_routes')
      .select('route_id')
      .where('agent_id', '=', agentRow.id)
      .execute();
    const unassigned = otherRoute.find((r) => !assigned.some((a) => a.route_id === r.id));
    expect(unassigned).toBeDefined();
    expect((await quote(openBody(trip, { routeId: unassigned?.id }))).body.reason).toBe('TRIP_NOT_ALLOWED');
    expect((await quote(openBody(trip, { destinationStationId: trip.stations[0] }))).body.reason).toBe(
      'SAME_ORIGIN_DESTINATION',
    );
    const priced = new Set(
      (
        await t.db
          .selectFrom('fares')
          .select('seat_type')
          .where('route_id', '=', trip.routeId)
          .where('trip_id', 'is', null)
          .execute()
      ).map((f) => f.seat_type),
    );
    const unpriced = SEAT_TYPES.find((type) => !priced.has(type));
    expect(unpriced).toBeDefined();
    expect((await quote(openBody(trip, { seatType: unpriced }))).body.details?.fields).toHaveProperty('seatType');
    expect((await quote(openBody(trip, { couponCode: 'FLAT50' }))).body.details?.fields).toHaveProperty('phone');
    expect((await quote(openBody(trip, { couponCode: 'NOPE', phone: '+8801900000104' }))).body.reason).toBe(
      'DISCOUNT_COUPON_NOT_FOUND',
    );
    expect((await quote(openBody(trip, { couponCode: 'OLD20', phone: '+8801900000104' }))).body.reason).toBe(
      'INVALID_DISCOUNT_COUPON',
    );
    const closed = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 4 });
    await tripStateSet(t, closed.tripId, 'CLOSED');
    const closedQuote = await quote({ companyId: closed.companyId, kind: 'SELL', ...seg(closed), seats: ['A1'] });
    expect(closedQuote.body.reason).toBe('TRIP_IS_CLOSED');
    const unknownSeat = await quote({ companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['ZZ9'] });
    expect(unknownSeat.body.reason).toBe('SEAT_NOT_FOUND');
  });

  it('is in the OpenAPI document', async () => {
    const docs = await t.call('GET', '/docs/json');
    expect(docs.body.paths['/api/reservation/quote']?.post?.summary).toMatch(/Quote a sale/);
  });
});
