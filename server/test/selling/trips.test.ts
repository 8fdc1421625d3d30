import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import {
  balanceOf,
  create,
  findTrip,
  lock,
  passenger,
  seg,
  sell,
  sellingContext,
  tripStateSet,
  type Ctx,
} from './fixtures';

describe('trips: search, details and who may sell what', () => {
  let t: Ctx;
  let agent: string;
  let seller: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    seller = await t.login('seller');
  });
  afterAll(() => t.close());

  const cityId = async (name: string) =>
    (await t.db.selectFrom('cities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it("searchByRoute lists the day's trips between two cities on the agent's routes, with seats and fares", async () => {
    const meghna = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const res = await t.call('POST', '/api/trip/searchByRoute', {
      token: agent,
      body: {
        companyId: meghna.companyId,
        tripDate: '2026-01-16',
        originCityId: await cityId('Dhaka'),
        destinationCityId: await cityId('Cumilla'),
      },
    });
    expect(res.status).toBe(200);
    const ctg = res.body.filter((x: { routeId: number }) => x.routeId === meghna.routeId);
    expect(ctg).toHaveLength(3);
    expect(ctg[0]).toMatchObject({
      tripDate: '2026-01-16',
      state: 'OPEN',
      coachCode: 'M-11',
      totalSeats: 28,
      availableSeats: 28,
    });
    expect(ctg[0].origin.cityName).toBe('Dhaka');
    expect(ctg[0].destination.cityName).toBe('Cumilla');
    // An intermediate segment costs less than the whole route.
    const whole = await t.call('POST', '/api/trip/searchByRoute', {
      token: agent,
      body: {
        companyId: meghna.companyId,
        tripDate: '2026-01-16',
        originCityId: await cityId('Dhaka'),
        destinationCityId: await cityId('Chattogram'),
        routeId: meghna.routeId,
      },
    });
    expect(whole.body[0].fareFrom).toBeGreaterThan(ctg[0].fareFrom);
  });

  it("searchByCode finds a coach's trips and refuses a company not the caller's", async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG' });
    const res = await t.call('POST', '/api/trip/searchByCode', {
      token: agent,
      body: { companyId: trip.companyId, tripDate: '2026-01-16', coachCode: trip.coachCode },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { tripId: number }) => x.tripId)).toContain(trip.tripId);
    const meghna = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const foreign = await t.call('POST', '/api/trip/searchByCode', {
      token: seller,
      body: { companyId: meghna.companyId, tripDate: '2026-01-16', coachCode: 'M-11' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.reason).toBe('COMPANY_NOT_ALLOWED');
  });

  it('details draws the seat map with statuses, locks, fares, boarding and reporting times and the linked coach', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', slot: 0 });
    await sell(t, agent, trip, ['L1'], { from: 0, to: 2 });
    await lock(t, agent, trip, ['L2']);
    const res = await t.call('POST', '/api/trip/details', { token: agent, body: seg(trip) });
    expect(res.status).toBe(200);
    const seats = res.body.decks.flatMap((d: { cells: { seat?: { name: string } }[] }) =>
      d.cells.filter((c) => c.seat).map((c) => c.seat),
    );
    expect(seats).toHaveLength(60);
    expect(res.body.decks.map((d: { deck: string }) => d.deck)).toEqual(['LOWER', 'UPPER']);
    const byName = (n: string) => seats.find((s: { name: string }) => s.name === n);
    expect(byName('L1')).toMatchObject({ status: 1, lockedBy: null });
    expect(byName('L1').pnr).toMatch(/^[A-Z0-9]{10}$/);
    expect(byName('L2')).toMatchObject({ status: 0, lockedBy: 'ME' });
    expect(byName('L4')).toMatchObject({ status: 0, lockedBy: null, seatType: 'Sleeper' });
    expect(res.body.myLocks.seats).toEqual(['L2']);
    expect(res.body.myLocks.expiresAt).toBe('2026-01-15T06:05:00.000Z');
    const boarding = res.body.boardingPoints[0];
    expect(new Date(boarding.time).getTime() - new Date(boarding.reportingTime).getTime()).toBe(15 * 60_000);
    expect(res.body.droppingPoints).toHaveLength(2);
    expect(res.body.linkedCoach).toMatchObject({ coachCode: 'P-102' });
    expect(res.body.fares.map((f: { seatType: string }) => f.seatType).sort()).toEqual([
      'Sleeper',
      'Sleeper Horizontal',
    ]);
    // Seen from another agent: held, not theirs (no PNR), locked by OTHER.
    const seen = await t.call('POST', '/api/trip/details', { token: seller, body: seg(trip) });
    const seats2 = seen.body.decks.flatMap((d: { cells: { seat?: { name: string } }[] }) =>
      d.cells.filter((c) => c.seat).map((c) => c.seat),
    );
    expect(seats2.find((s: { name: string }) => s.name === 'L1')).toMatchObject({ status: 1, pnr: null });
    expect(seats2.find((s: { name: string }) => s.name === 'L2')).toMatchObject({ lockedBy: 'OTHER' });
  });

  it('refuses routes not assigned, barred coaches and barred origins', async () => {
    const syl = await findTrip(t, { company: 'PADMA', route: 'DHK-SYL' });
    expect((await lock(t, seller, syl, ['A1'])).body.reason).toBe('TRIP_NOT_ALLOWED');
    const barred = await findTrip(t, { company: 'PADMA', route: 'CTG-DHK', coach: 'P-202' });
    const res = await lock(t, agent, barred, ['A1']);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('COACH_BARRED');
    const ctg = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', slot: 2 });
    const fromCumilla = await lock(t, agent, ctg, ['A1'], 1, 2);
    expect(fromCumilla.status).toBe(403);
    expect(fromCumilla.body.reason).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('refuses closed, departed, omitted and omit-pending trips', async () => {
    const departed = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 0, slot: 0 });
    expect((await lock(t, agent, departed, ['A1'])).body.reason).toBe('TRIP_IS_CLOSED');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2, slot: 1 });
    for (const [state, reason] of [
      ['CLOSED', 'TRIP_IS_CLOSED'],
      ['OMITTED', 'TRIP_OMITTED'],
      ['OMIT_PENDING', 'TRIP_OMIT_PENDING'],
    ] as const) {
      await tripStateSet(t, trip.tripId, state);
      const res = await lock(t, agent, trip, ['L1']);
      expect(res.body.reason).toBe(reason);
      expect(res.status).toBe(422);
    }
    await tripStateSet(t, trip.tripId, 'OPEN');
    expect((await lock(t, agent, trip, ['L1'])).status).toBe(200);
  });

  it('a trip closed by another connection after it was cached as open is refused inside the lock and the sale: no lock, no sale, no charge', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3, slot: 1 });
    // Caches the trip's context (and its fares) while it is open, and holds a seat for the sale below.
    await sell(t, agent, trip, ['L3']);
    expect((await lock(t, agent, trip, ['L4'])).status).toBe(200);
    const before = await balanceOf(t, agent, trip.companyId);
    // As the operator command line would: another connection, so no cache of this server hears of it.
    const operator = openDatabase(t.config.database);
    try {
      await operator.updateTable('trips').set({ state: 'CLOSED' }).where('id', '=', trip.tripId).execute();
    } finally {
      await operator.destroy();
    }
    const locked = await lock(t, agent, trip, ['L5']);
    expect(locked.body.reason).toBe('TRIP_IS_CLOSED');
    const sale = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['L4'],
      passenger: passenger(),
    });
    expect(sale.body.reason).toBe('TRIP_IS_CLOSED');
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before);
    const rows = await t.db
      .selectFrom('reservation_seats')
      .select('seat_name')
      .where('trip_id', '=', trip.tripId)
      .where('active', '=', 1)
      .execute();
    expect(rows.map((r) => r.seat_name)).toEqual(['L3']);
    const locks = await t.db.selectFrom('seat_locks').select('seat_name').where('trip_id', '=', trip.tripId).execute();
    expect(locks.map((l) => l.seat_name)).not.toContain('L5');
    await tripStateSet(t, trip.tripId, 'OPEN');
  });

  it('refuses partial segments where the trip allows none, and the same origin and destination', async () => {
    const cox = await findTrip(t, { company: 'PADMA', route: 'DHK-COX' });
    const partial = await lock(t, agent, cox, ['A1'], 0, 1);
    expect(partial.status).toBe(403);
    expect(partial.body.reason).toBe('PARTIAL_SALES_NOT_ALLOWED');
    const same = await t.call('POST', '/api/reservation/seatLock', {
      token: agent,
      body: { ...seg(cox), destinationStationId: cox.stations[0], lock: ['A1'] },
    });
    expect(same.status).toBe(400);
    expect(same.body.reason).toBe('SAME_ORIGIN_DESTINATION');
  });

  it('answers TRIP_NOT_FOUND and needs a session', async () => {
    const res = await t.call('POST', '/api/trip/details', {
      token: agent,
      body: { tripId: 999999, originStationId: 1, destinationStationId: 2 },
    });
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('TRIP_NOT_FOUND');
    expect(
      (await t.call('POST', '/api/trip/details', { body: { tripId: 1, originStationId: 1, destinationStationId: 2 } }))
        .status,
    ).toBe(401);
  });
});
