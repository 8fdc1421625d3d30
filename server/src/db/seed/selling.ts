import type { SeatType } from '@agent-portal/contract';
import type { Config } from '../../config';
import { seatsOf, SEAT_LAYOUTS } from '../../domain/seat-layouts';
import { DAY_MS, type Clock } from '../../lib/clock';
import { toHundredths, toMinor } from '../../lib/money';
import { addDays, localDateOf, zonedInstant } from '../../lib/zoned-time';
import type { Database } from '../database';
import {
  DEMO_COUPONS,
  DEPARTURE_SLOTS,
  FARE_PER_WEIGHT,
  LAYOUT_BY_COACH_TYPE,
  LINKED_ROUTE,
  NO_INTERMEDIATE_ROUTES,
  ROUTE_LEGS,
  ROUTE_SLOT_SHIFT_MINUTES,
} from './selling-world';

type Deps = { clock: Clock; config: Config };

async function routesWithStops(db: Database) {
  const routes = await db.selectFrom('routes as r').innerJoin('companies as c', 'c.id', 'r.company_id').select(['r.id', 'r.code', 'r.company_id', 'c.code as company']).orderBy('r.id').execute();
  const stops = await db.selectFrom('route_stops').select(['route_id', 'station_id', 'stop_order']).orderBy('route_id').orderBy('stop_order').execute();
  return routes.map((r) => ({ ...r, stations: stops.filter((s) => s.route_id === r.id).map((s) => s.station_id) }));
}

const legsOf = (code: string, stopCount: number) => ROUTE_LEGS[code] ?? Array.from({ length: stopCount - 1 }, () => ({ minutes: 150, weight: 1 }));

/** Every coach without a layout gets its coach type's. */
async function ensureLayouts(db: Database): Promise<void> {
  const coaches = await db
    .selectFrom('coaches as c')
    .innerJoin('coach_types as t', 't.id', 'c.coach_type_id')
    .leftJoin('coach_layouts as l', 'l.coach_id', 'c.id')
    .select(['c.id', 't.name'])
    .where('l.coach_id', 'is', null)
    .execute();
  for (const c of coaches) {
    const key = LAYOUT_BY_COACH_TYPE[c.name] ?? 'STANDARD_2X2';
    const layout = SEAT_LAYOUTS[key]?.();
    await db.insertInto('coach_layouts').values({ coach_id: c.id, layout_key: key, driver_side: layout?.driverSide ?? 'RIGHT' }).execute();
  }
}

/** Route + coach type fare tables for every segment and seat type, when missing. */
async function ensureFares(db: Database): Promise<void> {
  const routes = await routesWithStops(db);
  const types = await db.selectFrom('coach_types').select(['id', 'name']).orderBy('id').execute();
  for (const route of routes) {
    const legs = legsOf(route.code, route.stations.length);
    for (const type of types) {
      const existing = await db.selectFrom('fares').select('id').where('trip_id', 'is', null).where('route_id', '=', route.id).where('coach_type_id', '=', type.id).executeTakeFirst();
      if (existing) continue;
      const layout = SEAT_LAYOUTS[LAYOUT_BY_COACH_TYPE[type.name] ?? 'STANDARD_2X2']?.();
      const seatTypes = [...new Set(layout ? seatsOf(layout).map((s) => s.seatType) : ['Standard' as SeatType])];
      const rows = [];
      for (let from = 0; from < route.stations.length; from += 1) {
        for (let to = from + 1; to < route.stations.length; to += 1) {
          const weight = legs.slice(from, to).reduce((s, l) => s + l.weight, 0);
          for (const seatType of seatTypes) {
            const taka = Math.round((FARE_PER_WEIGHT[seatType] * weight) / 10) * 10;
            rows.push({ trip_id: null, route_id: route.id, coach_type_id: type.id, from_index: from, to_index: to, seat_type: seatType, fare_minor: toMinor(taka) });
          }
        }
      }
      if (rows.length) await db.insertInto('fares').values(rows).execute();
    }
  }
}

async function ensureCoupons(db: Database, deps: Deps): Promise<void> {
  const now = deps.clock.now().getTime();
  const companies = await db.selectFrom('companies').select('id').orderBy('id').execute();
  for (const company of companies) {
    for (const c of DEMO_COUPONS) {
      const exists = await db.selectFrom('coupons').select('id').where('company_id', '=', company.id).where('code', '=', c.code).executeTakeFirst();
      if (exists) continue;
      await db
        .insertInto('coupons')
        .values({
          company_id: company.id,
          code: c.code,
          coupon_type: c.type,
          value_hundredths: toHundredths(c.value),
          route_id: null,
          valid_from: new Date(now + c.validFromDays * DAY_MS).toISOString(),
          valid_until: new Date(now + c.validUntilDays * DAY_MS).toISOString(),
          per_phone_limit: c.perPhoneLimit,
        })
        .execute();
    }
  }
}

/**
 * Trips on every route for today and the next days (the horizon) in the
 * company time zone: the same slots and coaches every day, so a run is
 * deterministic and a rerun inserts only what is missing.
 */
export async function topUpTrips(db: Database, deps: Deps): Promise<number> {
  const { timeZone } = deps.config;
  const today = localDateOf(deps.clock.now(), timeZone);
  const routes = await routesWithStops(db);
  const coaches = await db.selectFrom('coaches').select(['id', 'company_id']).where('active', '=', 1).orderBy('id').execute();
  const nowIso = deps.clock.now().toISOString();
  let created = 0;
  await db.transaction().execute(async (trx) => {
    const byCompany = new Map<number, number>();
    for (const [r, route] of routes.entries()) {
      const own = coaches.filter((c) => c.company_id === route.company_id);
      if (own.length === 0 || route.stations.length < 2) continue;
      const routeIndex = byCompany.get(route.company_id) ?? 0;
      byCompany.set(route.company_id, routeIndex + 1);
      const legs = legsOf(route.code, route.stations.length);
      const allowIntermediate = NO_INTERMEDIATE_ROUTES.includes(`${route.company}/${route.code}`) ? 0 : 1;
      for (let day = 0; day < deps.config.sales.tripHorizonDays; day += 1) {
        const date = addDays(today, day);
        const dayTrips: number[] = [];
        for (const [k, slot] of DEPARTURE_SLOTS.entries()) {
          const coach = own[(routeIndex + k) % own.length];
          if (!coach) continue;
          const departure = zonedInstant(date, slot + r * ROUTE_SLOT_SHIFT_MINUTES, timeZone);
          const departureIso = departure.toISOString();
          const found = await trx.selectFrom('trips').select('id').where('route_id', '=', route.id).where('coach_id', '=', coach.id).where('departure_at', '=', departureIso).executeTakeFirst();
          if (found) {
            dayTrips.push(found.id);
            continue;
          }
          const { id } = await trx
            .insertInto('trips')
            .values({ company_id: route.company_id, coach_id: coach.id, route_id: route.id, trip_date: date, departure_at: departureIso, allow_intermediate: allowIntermediate, linked_trip_id: null, linked_note: null, created_at: nowIso })
            .returning('id')
            .executeTakeFirstOrThrow();
          let at = departure.getTime();
          const stops = route.stations.map((stationId, index) => {
            if (index > 0) at += (legs[index - 1]?.minutes ?? 150) * 60_000;
            return { trip_id: id, stop_index: index, station_id: stationId, time: new Date(at).toISOString() };
          });
          await trx.insertInto('trip_stops').values(stops).execute();
          dayTrips.push(id);
          created += 1;
        }
        if (route.company === LINKED_ROUTE.company && route.code === LINKED_ROUTE.route && dayTrips.length >= 2) {
          const [a, b] = dayTrips as [number, number];
          await trx.updateTable('trips').set({ linked_trip_id: b, linked_note: LINKED_ROUTE.note }).where('id', '=', a).where('linked_trip_id', 'is', null).execute();
          await trx.updateTable('trips').set({ linked_trip_id: a, linked_note: LINKED_ROUTE.note }).where('id', '=', b).where('linked_trip_id', 'is', null).execute();
        }
      }
    }
  });
  return created;
}

/**
 * The selling world on top of the foundation's demo world: layouts, fare
 * tables, coupons and trips. Every step only adds what is missing, so it
 * runs on every start (a long-lived demo database keeps 14 days of trips).
 */
export async function ensureSellingWorld(db: Database, deps: Deps): Promise<number> {
  await ensureLayouts(db);
  await ensureFares(db);
  await ensureCoupons(db, deps);
  return topUpTrips(db, deps);
}

/** Trips from today (company time zone) on: what the start banner reports. */
export async function countUpcomingTrips(db: Database, deps: Deps): Promise<number> {
  const today = localDateOf(deps.clock.now(), deps.config.timeZone);
  const row = await db.selectFrom('trips').select((eb) => eb.fn.countAll<number>().as('n')).where('trip_date', '>=', today).executeTakeFirstOrThrow();
  return Number(row.n);
}
