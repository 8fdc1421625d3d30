/**
 * Bookings that lapsed while the server was down all expire at once on the
 * next search. SQLite takes at most 32,766 bound values per statement, so one
 * statement for every lapsed booking failed past about 4,600 of them (seven
 * values per history row), and every search answered 500 from then on.
 */
import { ReservationStatus } from '@agent-portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, findTrip, lock, passenger, seg, sell, sellingContext, type Ctx, type TripRef } from './fixtures';

const LAPSED = 10_000;

describe('booking expiry after downtime', () => {
  let t: Ctx;
  let agent: string;
  let trip: TripRef;
  let original: { id: number; pnr: string };

  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const booked = await sell(t, agent, trip, ['A1'], { kind: 'BOOK' });
    original = await t.db
      .selectFrom('reservations')
      .select(['id', 'pnr'])
      .where('pnr', '=', booked.pnr)
      .executeTakeFirstOrThrow();
    // 10,000 more bookings like it, each holding a seat, all lapsed an hour ago.
    const lapsedAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    await t.db.transaction().execute(async (trx) => {
      await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < ${LAPSED})
        insert into reservations (pnr, pin_hash, status, kind, company_id, trip_id, route_id, from_index, to_index, origin_station_id, destination_station_id,
          passenger_name, passenger_phone, passenger_country, agent_id, outlet_id, user_id, fare_minor, expires_at, created_at, updated_at)
        select 'LAPSED' || i, r.pin_hash, r.status, r.kind, r.company_id, r.trip_id, r.route_id, r.from_index, r.to_index, r.origin_station_id, r.destination_station_id,
          r.passenger_name, r.passenger_phone, r.passenger_country, r.agent_id, r.outlet_id, r.user_id, r.fare_minor, ${lapsedAt}, r.created_at, r.updated_at
        from n, reservations r where r.id = ${original.id}`.execute(trx);
      await sql`
        insert into reservation_seats (reservation_id, trip_id, seat_name, seat_type, from_index, to_index, fare_minor, status, active)
        select r.id, s.trip_id, s.seat_name, s.seat_type, s.from_index, s.to_index, s.fare_minor, s.status, 1
        from reservations r, reservation_seats s where r.pnr like 'LAPSED%' and s.reservation_id = ${original.id}`.execute(
        trx,
      );
      await trx.updateTable('reservations').set({ expires_at: lapsedAt }).where('id', '=', original.id).execute();
    });
  }, 60_000);
  afterAll(() => t.close());

  it(`expires ${LAPSED + 1} lapsed bookings on the next search, frees their seats and writes each one's history`, async () => {
    const city = async (name: string) =>
      (await t.db.selectFrom('cities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const res = await t.call('POST', '/api/trip/searchByRoute', {
      token: agent,
      body: {
        companyId: trip.companyId,
        tripDate: '2026-01-16',
        originCityId: await city('Dhaka'),
        destinationCityId: await city('Chattogram'),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const stillBooked = await t.db
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', ReservationStatus.BOOKED)
      .where('trip_id', '=', trip.tripId)
      .executeTakeFirstOrThrow();
    expect(stillBooked.n).toBe(0);
    const heldSeats = await t.db
      .selectFrom('reservation_seats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trip_id', '=', trip.tripId)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(heldSeats.n).toBe(0);
    const expiredEvents = await t.db
      .selectFrom('reservation_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'BOOKING_EXPIRED')
      .executeTakeFirstOrThrow();
    expect(expiredEvents.n).toBe(LAPSED + 1);

    // The seat is for sale again.
    const resold = await sell(t, agent, trip, ['A1']);
    expect(resold.status).toBe(ReservationStatus.SOLD);
  }, 60_000);
});

describe('a booking that lapses is expired by the next seat lock or sale on its trip', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  /** Books `seat` on a trip of its own and makes the booking lapse one minute from now. */
  async function bookingLapsingInAMinute(route: string, seat: string) {
    const trip = await findTrip(t, { company: 'MEGHNA', route });
    const { pnr } = await sell(t, agent, trip, [seat], { kind: 'BOOK' });
    const expiresAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await t.db.updateTable('reservations').set({ expires_at: expiresAt }).where('pnr', '=', pnr).execute();
    return { trip, pnr };
  }

  const statusOf = async (pnr: string) =>
    (await t.db.selectFrom('reservations').select('status').where('pnr', '=', pnr).executeTakeFirstOrThrow()).status;

  it('a lock of the booked seat: refused while the booking stands, granted once it lapsed', async () => {
    const { trip, pnr } = await bookingLapsingInAMinute('DHK-CTG', 'B1');
    expect((await lock(t, agent, trip, ['B1'])).body.reason).toBe('SEAT_UNAVAILABLE');
    t.clock.advanceMinutes(2);
    const relocked = await lock(t, agent, trip, ['B1']);
    expect(relocked.status, JSON.stringify(relocked.body)).toBe(200);
    expect(await statusOf(pnr)).toBe(ReservationStatus.CANCELLED);
  });

  it('a sale of another seat of the trip, with no lock in between, expires the lapsed booking in its unit', async () => {
    const { trip, pnr } = await bookingLapsingInAMinute('DHK-SYL', 'C1');
    expect((await lock(t, agent, trip, ['C2'])).status).toBe(200);
    t.clock.advanceMinutes(2);
    const sold = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['C2'],
      passenger: passenger(),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await statusOf(pnr)).toBe(ReservationStatus.CANCELLED);
  });
});
