import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUpcomingTrips, ensureSellingWorld } from '../../src/db/seed/selling';
import { sellingContext, type Ctx } from './fixtures';

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
    trips: await t.db.selectFrom('trips').select(['id', 'route_id', 'coach_id', 'trip_date', 'departure_at', 'allow_intermediate', 'linked_trip_id']).orderBy('id').execute(),
    fares: await t.db.selectFrom('fares').selectAll().orderBy('id').execute(),
    coupons: await t.db.selectFrom('coupons').selectAll().orderBy('id').execute(),
  });

  it('is deterministic', async () => {
    expect(await snapshot(a)).toEqual(await snapshot(b));
  });

  it('gives every company a 2+2, a 2+1 business and a two-deck sleeper coach, and trips on every route for 14 days', async () => {
    const layouts = await a.db.selectFrom('coach_layouts as l').innerJoin('coaches as c', 'c.id', 'l.coach_id').select(['c.company_id', 'l.layout_key']).execute();
    for (const companyId of new Set(layouts.map((l) => l.company_id))) {
      expect(new Set(layouts.filter((l) => l.company_id === companyId).map((l) => l.layout_key))).toEqual(new Set(['STANDARD_2X2', 'BUSINESS_2X1', 'SLEEPER_2DECK']));
    }
    const perRouteAndDay = await a.db.selectFrom('trips').select(['route_id', 'trip_date', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['route_id', 'trip_date']).execute();
    expect(perRouteAndDay).toHaveLength(9 * 14);
    expect(perRouteAndDay.every((r) => Number(r.n) === 3)).toBe(true);
    expect(await countUpcomingTrips(a.db, { clock: a.clock, config: a.config })).toBe(9 * 3 * 14);
    // Intermediate segments are cheaper than the whole route.
    const fares = await a.db.selectFrom('fares').selectAll().where('route_id', '=', 1).where('seat_type', '=', 'Standard').execute();
    const whole = fares.find((f) => f.from_index === 0 && f.to_index === 2)?.fare_minor ?? 0;
    expect(fares.filter((f) => f.to_index - f.from_index === 1).every((f) => f.fare_minor < whole)).toBe(true);
    const linked = await a.db.selectFrom('trips').select(['id', 'linked_trip_id']).where('linked_trip_id', 'is not', null).execute();
    expect(linked.length).toBe(2 * 14);
  });

  it('tops up trips as days pass, and a rerun adds nothing', async () => {
    expect(await ensureSellingWorld(a.db, { clock: a.clock, config: a.config })).toBe(0);
    a.clock.advanceDays(3);
    expect(await ensureSellingWorld(a.db, { clock: a.clock, config: a.config })).toBe(9 * 3 * 3);
    expect(await ensureSellingWorld(a.db, { clock: a.clock, config: a.config })).toBe(0);
    expect(await countUpcomingTrips(a.db, { clock: a.clock, config: a.config })).toBe(9 * 3 * 14);
  });
});
