import type { SeatType } from '@agent-portal/contract';
import type { Config } from '../../config';
import { seatsOf, SEAT_LAYOUTS } from '../../domain/seat-layouts';
import { DAY_MS, type Clock } from '../../lib/clock';
import { toHundredths, toMinor } from '../../lib/money';
import { addDays, localDateOf, zonedInstant } from '../../lib/zoned-time';
import type { Database } from '../database';
import { AppError } from '../../http/app-error';
import {
  DEMO_COUPONS,
  DEMO_DEPARTURE_SOON,
  DEPARTURE_SLOTS,
  EXTRA_DEPARTURE_SLOTS,
  FARE_PER_WEIGHT,
  LAYOUT_BY_COACH_TYPE,
  LINKED_ROUTE,
  NO_INTERMEDIATE_ROUTES,
  ROUTE_LEGS,
  ROUTE_SLOT_SHIFT_MINUTES,
} from './selling-world';
import { runUnit, Unit } from '../units';

type Deps = { clock: Clock; config: Config };

async function routesWithStops(db: Database) {
  const routes = await db
    .selectFrom('routes as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select(['r.id', 'r.code', 'r.company_id', 'c.code as company'])
    .orderBy('r.id')
    .execute();
  const stops = await db
    .selectFrom('route_stops')
    .select(['route_id', 'station_id', 'stop_order'])
    .orderBy('route_id')
    .orderBy('stop_order')
    .execute();
  return routes.map((r) => ({ ...r, stations: stops.filter((s) => s.route_id === r.id).map((s) => s.station_id) }));
}

const legsOf = (code: string, stopCount: number) =>
  ROUTE_LEGS[code] ?? Array.from({ length: stopCount - 1 }, () => ({ minutes: 150, weight: 1 }));

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
    await db
      .insertInto('coach_layouts')
      .values({ coach_id: c.id, layout_key: key, driver_side: layout?.driverSide ?? 'RIGHT' })
      .execute();
  }
}

/** Route + coach type fare tables for every segment and seat type, when missing. */
async function ensureFares(db: Database): Promise<void> {
  const routes = await routesWithStops(db);
  const types = await db.selectFrom('coach_types').select(['id', 'name']).orderBy('id').execute();
  for (const route of routes) {
    const legs = legsOf(route.code, route.stations.length);
    for (const type of types) {
      const existing = await db
        .selectFrom('fares')
        .select('id')
        .where('trip_id', 'is', null)
        .where('route_id', '=', route.id)
        .where('coach_type_id', '=', type.id)
        .executeTakeFirst();
      if (existing) continue;
      const layout = SEAT_LAYOUTS[LAYOUT_BY_COACH_TYPE[type.name] ?? 'STANDARD_2X2']?.();
      const seatTypes = [...new Set(layout ? seatsOf(layout).map((s) => s.seatType) : ['Standard' as SeatType])];
      const rows = [];
      for (let from = 0; from < route.stations.length; from += 1) {
        for (let to = from + 1; to < route.stations.length; to += 1) {
          const weight = legs.slice(from, to).reduce((s, l) => s + l.weight, 0);
          for (const seatType of seatTypes) {
            const taka = Math.round((FARE_PER_WEIGHT[seatType] * weight) / 10) * 10;
            rows.push({
              trip_id: null,
              route_id: route.id,
              coach_type_id: type.id,
              from_index: from,
              to_index: to,
              seat_type: seatType,
              fare_minor: toMinor(taka),
            });
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
      const exists = await db
        .selectFrom('coupons')
        .select('id')
        .where('company_id', '=', company.id)
        .where('code', '=', c.code)
        .executeTakeFirst();
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

type RouteWithStops = Awaited<ReturnType<typeof routesWithStops>>[number];
type Writer = Pick<Database, 'selectFrom' | 'insertInto'>;

/** Departure minutes after local midnight of a route's daily trips: the common slots plus its own. */
const slotsOf = (route: RouteWithStops) => [
  ...DEPARTURE_SLOTS,
  ...(EXTRA_DEPARTURE_SLOTS[`${route.company}/${route.code}`] ?? []),
];

/**
 * One trip of a route and coach leaving at `departure`, with its stops' times
 * from the route's legs; its trip date is the local date of the departure in
 * the company's zone (a coach leaving at 01:30 runs on that day, not the
 * evening before). Returns the existing trip's id when there is one.
 */
async function insertTrip(
  db: Writer,
  route: RouteWithStops,
  coachId: number,
  departure: Date,
  deps: Deps,
): Promise<{ id: number; created: boolean }> {
  const departureIso = departure.toISOString();
  const found = await db
    .selectFrom('trips')
    .select('id')
    .where('route_id', '=', route.id)
    .where('coach_id', '=', coachId)
    .where('departure_at', '=', departureIso)
    .executeTakeFirst();
  if (found) return { id: found.id, created: false };
  const allowIntermediate = NO_INTERMEDIATE_ROUTES.includes(`${route.company}/${route.code}`) ? 0 : 1;
  const { id } = await db
    .insertInto('trips')
    .values({
      company_id: route.company_id,
      coach_id: coachId,
      route_id: route.id,
      trip_date: localDateOf(departure, deps.config.timeZone),
      departure_at: departureIso,
      allow_intermediate: allowIntermediate,
      linked_trip_id: null,
      linked_note: null,
      created_at: deps.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const legs = legsOf(route.code, route.stations.length);
  let at = departure.getTime();
  const stops = route.stations.map((stationId, index) => {
    if (index > 0) at += (legs[index - 1]?.minutes ?? 150) * 60_000;
    return { trip_id: id, stop_index: index, station_id: stationId, time: new Date(at).toISOString() };
  });
  await db.insertInto('trip_stops').values(stops).execute();
  return { id, created: true };
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
  const coaches = await db
    .selectFrom('coaches')
    .select(['id', 'company_id'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  let created = 0;
  await runUnit(db, async (uow) => {
    const trx = Unit.transactionOf(uow);
    const byCompany = new Map<number, number>();
    for (const [r, route] of routes.entries()) {
      const own = coaches.filter((c) => c.company_id === route.company_id);
      if (own.length === 0 || route.stations.length < 2) continue;
      const routeIndex = byCompany.get(route.company_id) ?? 0;
      byCompany.set(route.company_id, routeIndex + 1);
      for (let day = 0; day < deps.config.sales.tripHorizonDays; day += 1) {
        const date = addDays(today, day);
        const dayTrips: number[] = [];
        for (const [k, slot] of slotsOf(route).entries()) {
          const coach = own[(routeIndex + k) % own.length];
          if (!coach) continue;
          const trip = await insertTrip(
            trx,
            route,
            coach.id,
            zonedInstant(date, slot + r * ROUTE_SLOT_SHIFT_MINUTES, timeZone),
            deps,
          );
          dayTrips.push(trip.id);
          if (trip.created) created += 1;
        }
        if (route.company === LINKED_ROUTE.company && route.code === LINKED_ROUTE.route && dayTrips.length >= 2) {
          const [a, b] = dayTrips as [number, number];
          await trx
            .updateTable('trips')
            .set({ linked_trip_id: b, linked_note: LINKED_ROUTE.note })
            .where('id', '=', a)
            .where('linked_trip_id', 'is', null)
            .execute();
          await trx
            .updateTable('trips')
            .set({ linked_trip_id: a, linked_note: LINKED_ROUTE.note })
            .where('id', '=', b)
            .where('linked_trip_id', 'is', null)
            .execute();
        }
      }
    }
  });
  return created;
}

export interface AddedTrip {
  id: number;
  company: string;
  route: string;
  coach: string;
  tripDate: string;
  departure: Date;
  /** False when the coach already had a trip of the route leaving then (that one is returned). */
  created: boolean;
}

/**
 * A trip of a company's route leaving `minutesFromNow` after the clock's
 * now (rounded up to the next 5 minutes), on the given coach or the route's
 * first coach of the company. The operator's `trip add` and the demo
 * world's coach leaving soon; tests use it to reach every fine band and the
 * cut-offs at any time of day.
 */
export async function addTripDepartingIn(
  db: Database,
  deps: Deps,
  wanted: { company: string; route: string; minutesFromNow: number; coach?: string },
): Promise<AddedTrip> {
  const route = (await routesWithStops(db)).find((r) => r.company === wanted.company && r.code === wanted.route);
  if (!route) throw new AppError('ROUTE_NOT_FOUND', { company: wanted.company, route: wanted.route });
  let coachQuery = db
    .selectFrom('coaches')
    .select(['id', 'code'])
    .where('company_id', '=', route.company_id)
    .where('active', '=', 1);
  if (wanted.coach !== undefined) coachQuery = coachQuery.where('code', '=', wanted.coach);
  const coach = await coachQuery.orderBy('id').executeTakeFirst();
  if (!coach) throw new AppError('COACH_NOT_FOUND', { company: wanted.company, coach: wanted.coach ?? null });
  const step = 5 * 60_000;
  const departure = new Date(Math.ceil((deps.clock.now().getTime() + wanted.minutesFromNow * 60_000) / step) * step);
  const trip = await runUnit(db, (uow) => insertTrip(Unit.transactionOf(uow), route, coach.id, departure, deps));
  return {
    id: trip.id,
    company: route.company,
    route: route.code,
    coach: coach.code,
    tripDate: localDateOf(departure, deps.config.timeZone),
    departure,
    created: trip.created,
  };
}

/**
 * The demo's coach leaving soon: when no trip of its route leaves between
 * one hour and the end of the last fine band from now, one is added, so a
 * demo always shows a ticket past the cancellation cut-off and the
 * delayed-cancel request.
 */
async function ensureDepartureSoon(db: Database, deps: Deps): Promise<number> {
  const now = deps.clock.now().getTime();
  const lastBandHours = Math.min(...deps.config.sales.fineBands.map((b) => b.minHours));
  const soon = await db
    .selectFrom('trips as t')
    .innerJoin('routes as r', 'r.id', 't.route_id')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select('t.id')
    .where('c.code', '=', DEMO_DEPARTURE_SOON.company)
    .where('r.code', '=', DEMO_DEPARTURE_SOON.route)
    .where('t.departure_at', '>=', new Date(now + 60 * 60_000).toISOString())
    .where('t.departure_at', '<', new Date(now + lastBandHours * 3_600_000).toISOString())
    .executeTakeFirst();
  if (soon) return 0;
  const minutesFromNow = Math.max(90, Math.round((lastBandHours * 60) / 2));
  await addTripDepartingIn(db, deps, { ...DEMO_DEPARTURE_SOON, minutesFromNow });
  return 1;
}

/**
 * The selling world on top of the foundation's demo world: layouts, fare
 * tables, coupons and trips. Every step only adds what is missing, so it
 * runs on every start (a long-lived demo database keeps 14 days of trips,
 * and a coach leaving within a few hours).
 */
export async function ensureSellingWorld(db: Database, deps: Deps): Promise<number> {
  await ensureLayouts(db);
  await ensureFares(db);
  await ensureCoupons(db, deps);
  return (await topUpTrips(db, deps)) + (await ensureDepartureSoon(db, deps));
}

/** Trips from today (company time zone) on: what the start banner reports. */
export async function countUpcomingTrips(db: Database, deps: Deps): Promise<number> {
  const today = localDateOf(deps.clock.now(), deps.config.timeZone);
  const row = await db
    .selectFrom('trips')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('trip_date', '>=', today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
