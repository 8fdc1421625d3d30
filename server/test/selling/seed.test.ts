import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUpcomingTrips, ensureSellingWorld } from '../../src/db/seed/selling';
import { sellingContext, type Ctx } from './fixtures';

/** Nine routes with three departures a day, and PADMA's night coach to Sylhet. */
const TRIPS_PER_DAY = 9 * 3 + 1;

describe('selling seed', () => {
  let a: Ctx;
  let b: Ctx;
  beforeAll(async () => {
    [a, b] = await Promise.all([sellingContext(), sellingContext()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const snapshot = async (t: Ctx) => ({
    layouts: await t.db.selectFrom('coach_layouts').selectAll().orderBy('coach_id').execute(),
    trips: await t.db
      .selectFrom('trips')
      .select(['id', 'route_id', 'coach_id', 'trip_date', 'departure_at', 'allow_intermediate', 'linked_trip_id'])
      .orderBy('id')
      .execute(),
    fares: await t.db.selectFrom('fares').selectAll().orderBy('id').execute(),
    coupons: await t.db.selectFrom('coupons').selectAll().orderBy('id').execute(),
  });

  it('is deterministic', async () => {
    expect(await snapshot(a)).toEqual(await snapshot(b));
  });

  it('gives every company a 2+2, a 2+1 business and a two-deck sleeper coach, and trips on every route for 14 days', async () => {
    const layouts = await a.db
      .selectFrom('coach_layouts as l')
      .innerJoin('coaches as c', 'c.id', 'l.coach_id')
      .select(['c.company_id', 'l.layout_key'])
      .execute();
    for (const companyId of new Set(layouts.map((l) => l.company_id))) {
      expect(new Set(layouts.filter((l) => l.company_id === companyId).map((l) => l.layout_key))).toEqual(
        new Set(['STANDARD_2X2', 'BUSINESS_2X1', 'SLEEPER_2DECK']),
      );
    }
    const perRouteAndDay = await a.db
      .selectFrom('trips')
      .select(['route_id', 'trip_date', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['route_id', 'trip_date'])
      .execute();
    expect(perRouteAndDay).toHaveLength(9 * 14);
    expect(perRouteAndDay.filter((r) => Number(r.n) === 4)).toHaveLength(14);
    expect(perRouteAndDay.filter((r) => Number(r.n) === 3)).toHaveLength(8 * 14);
    expect(await countUpcomingTrips(a.db, { clock: a.clock, config: a.config })).toBe(TRIPS_PER_DAY * 14);
    // Intermediate segments are cheaper than the whole route.
    const fares = await a.db
      .selectFrom('fares')
      .selectAll()
      .where('route_id', '=', 1)
      .where('seat_type', '=', 'Standard')
      .execute();
    const whole = fares.find((f) => f.from_index === 0 && f.to_index === 2)?.fare_minor ?? 0;
    expect(fares.filter((f) => f.to_index - f.from_index === 1).every((f) => f.fare_minor < whole)).toBe(true);
    const linked = await a.db
      .selectFrom('trips')
      .select(['id', 'linked_trip_id'])
      .where('linked_trip_id', 'is not', null)
      .execute();
    expect(linked.length).toBe(2 * 14);
  });

  it('tops up trips as days pass, and a rerun adds nothing', async () => {
    expect(await ensureSellingWorld(a.db, { clock: a.clock, config: a.config })).toBe(0);
    a.clock.advanceDays(3);
    expect(await ensureSellingWorld(a.db, { clock: a.clock, config: a.config })).toBe(TRIPS_PER_DAY * 3);
    expect(await ensureSellingWorld(a.db, { clock: a.clock, config: a.config })).toBe(0);
    expect(await countUpcomingTrips(a.db, { clock: a.clock, config: a.config })).toBe(TRIPS_PER_DAY * 14);
  });

  it('dates a trip leaving between midnight and 06:00 on the day it leaves, in the company zone', async () => {
    const night = await b.db
      .selectFrom('trips as t')
      .innerJoin('routes as r', 'r.id', 't.route_id')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .select(['t.trip_date', 't.departure_at'])
      .where('c.code', '=', 'PADMA')
      .where('r.code', '=', 'DHK-SYL')
      .where('t.trip_date', '=', '2026-01-17')
      .orderBy('t.departure_at')
      .executeTakeFirstOrThrow();
    // 02:00 in Dhaka on the 17th is 20:00 UTC on the 16th.
    expect(night).toEqual({ trip_date: '2026-01-17', departure_at: '2026-01-16T20:00:00.000Z' });
  });

  it('keeps a coach leaving inside the last fine band: added when none of its route leaves 1 to 6 hours from now', async () => {
    // 12:00 in Dhaka (the fixtures' clock): PADMA's 15:00 to Chattogram is 3 hours away, nothing to add.
    expect(await ensureSellingWorld(b.db, { clock: b.clock, config: b.config })).toBe(0);
    // 16:00: the next one leaves at 22:30, 6.5 hours away; a coach leaving at 19:00 is added, once.
    b.clock.set('2026-01-15T10:00:00.000Z');
    expect(await ensureSellingWorld(b.db, { clock: b.clock, config: b.config })).toBe(1);
    expect(await ensureSellingWorld(b.db, { clock: b.clock, config: b.config })).toBe(0);
    const soon = await b.db
      .selectFrom('trips as t')
      .innerJoin('routes as r', 'r.id', 't.route_id')
      .select(['t.departure_at', 't.trip_date'])
      .where('r.code', '=', 'DHK-CTG')
      .where('t.departure_at', '=', '2026-01-15T13:00:00.000Z')
      .execute();
    expect(soon).toEqual([{ departure_at: '2026-01-15T13:00:00.000Z', trip_date: '2026-01-15' }]);
  });
});
