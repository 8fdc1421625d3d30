/**
 * The whole contract as requests, for the property tests of test/security
 * that send a bad value in every field of one kind: every endpoint table, a
 * walk of the zod schemas that finds the fields, and a valid request of each
 * endpoint on the selling context's demo world for the bad value to go into.
 */
import {
  accountApi,
  authApi,
  deviceApi,
  extraWeightApi,
  lookupApi,
  passengerApi,
  reportsApi,
  reservationApi,
  systemApi,
  tripApi,
  unprintedApi,
  voucherApi,
  type Endpoint,
} from '@agent-portal/contract';
import type { z } from 'zod';
import { PADMA } from '../records/support';
import { findTrip, seg, sell, type Ctx } from '../selling/fixtures';

export const TABLES: Record<string, Record<string, Endpoint>> = {
  authApi,
  lookupApi,
  deviceApi,
  systemApi,
  tripApi,
  reservationApi,
  passengerApi,
  accountApi,
  extraWeightApi,
  unprintedApi,
  voucherApi,
  reportsApi,
};

export type Part = 'params' | 'query' | 'body';
export type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every endpoint of the contract, named `<table>.<name>` (authApi.login, ...). */
export function everyEndpoint(): { key: string; endpoint: Endpoint }[] {
  return Object.entries(TABLES).flatMap(([table, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({ key: `${table}.${name}`, endpoint })),
  );
}

/**
 * Paths of every field of a schema that `isField` picks (by its zod definition), through objects, arrays (elements as
 * index 0), unions and wrappers.
 */
export function fieldPaths(
  schema: z.ZodType,
  isField: (def: Def) => boolean,
  prefix: string[] = [],
  out: string[][] = [],
): string[][] {
  const def = defOf(schema);
  if (isField(def)) {
    out.push(prefix);
    return out;
  }
  switch (def.type) {
    case 'union': {
      const found = (def.options as z.ZodType[]).flatMap((option) => fieldPaths(option, isField, prefix, []));
      for (const path of found) if (!out.some((p) => p.join('.') === path.join('.'))) out.push(path);
      break;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        fieldPaths(value, isField, [...prefix, key], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      fieldPaths(def.innerType as z.ZodType, isField, prefix, out);
      break;
    case 'pipe':
      fieldPaths(def.in as z.ZodType, isField, prefix, out);
      break;
    case 'array':
      fieldPaths(def.element as z.ZodType, isField, [...prefix, '0'], out);
      break;
    default:
      break;
  }
  return out;
}

export interface Base {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

export function setPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let node: Record<string, unknown> = copy;
  path.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[path[path.length - 1] as string] = value;
  return copy;
}

export function urlOf(endpoint: Endpoint, base: Base): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(base.params?.[name])),
  );
  const query = new URLSearchParams(base.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A valid request of each endpoint that takes a number, by `<table>.<name>`, as `token`'s user (the demo agent, every
 * permission). Sells a seat, for the calls that need a PNR.
 */
export async function validRequests(t: Ctx, token: string): Promise<Record<string, Base>> {
  const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
  const sold = await sell(t, token, trip, ['A1']);
  const s = seg(trip);
  const range = { companyId: PADMA, fromDate: '2026-01-01', toDate: '2026-01-31' };
  const page = { page: 1, pageSize: 20 };
  const fakePnr = 'ZZZZZZZZZZ';
  const C = trip.companyId;
  return {
    'authApi.profile': { params: { companyId: PADMA } },
    'authApi.account': { params: { companyId: PADMA } },
    'lookupApi.agentCities': { params: { id: PADMA } },
    'lookupApi.agentRoutes': { params: { id: PADMA } },
    'lookupApi.coachTypes': { params: { id: PADMA } },
    'lookupApi.agentOutlets': { params: { id: PADMA } },
    'lookupApi.busStations': { body: { companyId: PADMA, cityId: 1 } },
    'lookupApi.routes': { body: { companyId: PADMA, originCityId: 1, destinationCityId: 2 } },
    'tripApi.searchByCode': {
      body: {
        companyId: C,
        tripDate: '2026-01-16',
        coachCode: trip.coachCode,
        originCityId: 1,
        destinationCityId: 2,
      },
    },
    'tripApi.searchByRoute': {
      body: {
        companyId: C,
        tripDate: '2026-01-16',
        originCityId: 1,
        destinationCityId: 2,
        droppingPointId: s.destinationStationId,
        routeId: trip.routeId,
      },
    },
    'tripApi.details': { body: s },
    'reservationApi.seatLock': { body: { ...s, lock: [], release: [] } },
    'reservationApi.validateTripMigration': { body: { pnr: fakePnr, pin: '123456', ...s, seats: ['B1'] } },
    'reservationApi.quote': {
      body: {
        companyId: C,
        kind: 'OPEN',
        originStationId: s.originStationId,
        destinationStationId: s.destinationStationId,
        tripId: trip.tripId,
        routeId: trip.routeId,
        seatType: 'Standard',
        seatCount: 1,
      },
    },
    'reservationApi.createReservation': {
      body: {
        companyId: C,
        kind: 'SELL',
        ...s,
        seats: ['B2'],
        routeId: trip.routeId,
        seatCount: 1,
        passenger: { phone: '+8801711000000', name: 'Bound Test', countryCode: 'BD' },
      },
    },
    'reservationApi.ticketOperation': { body: { pnr: fakePnr, pin: '123456', action: 1, returnAmount: 100 } },
    'reservationApi.changeBoardingPoint': { body: { pnr: fakePnr, pin: '123456', stationId: 1 } },
    'reservationApi.delayedCancelApproval': { body: { pnr: fakePnr, pin: '123456', reasonId: 1 } },
    'reservationApi.checkDiscountCoupon': {
      body: { couponCode: 'NOPE', tripId: trip.tripId, boardingId: s.originStationId, phone: '+8801711000000' },
    },
    'reservationApi.recent': { params: { companyId: PADMA, limit: 10 } },
    'reservationApi.printable': { body: { companyId: C, pnrs: [sold.pnr] } },
    'passengerApi.list': { body: { tripId: trip.tripId } },
    'passengerApi.find': { body: { companyId: C, phone: '+8801711000000' } },
    'accountApi.deposit': {
      body: { companyId: PADMA, amount: 100, confirmAmount: 100, referenceNumber: 'BOUND-BASE-1' },
    },
    'accountApi.depositList': { body: { companyId: PADMA, ...page } },
    'accountApi.searchTransactions': {
      body: { companyId: PADMA, startDate: '2026-01-01', endDate: '2026-01-31', ...page },
    },
    'accountApi.commissionList': {
      body: { companyId: PADMA, startDate: '2026-01-01', endDate: '2026-01-31', ...page },
    },
    'extraWeightApi.charge': {
      body: { companyId: C, reservationPnr: sold.pnr, amount: 50, description: 'one suitcase' },
    },
    'extraWeightApi.list': { body: { companyId: C, tripId: trip.tripId, ...page } },
    'unprintedApi.list': { body: { companyId: PADMA, ...page } },
    'voucherApi.getVoucherNo': { body: { companyId: PADMA, kind: 'DEPOSIT' } },
    'voucherApi.createVoucher': {
      body: { companyId: PADMA, kind: 'EXTRA_WEIGHT', referenceId: 'XW00000000', amount: 50 },
    },
    'reportsApi.userSalesSummary': { params: range, query: { format: 'json' } },
    'reportsApi.userSalesDetails': { params: { companyId: PADMA, date: '2026-01-15' } },
    'reportsApi.outletSales': { params: range, query: { format: 'json' } },
    'reportsApi.outletSalesByDateRange': { params: { ...range, outletId: 1 }, query: { format: 'json' } },
    'reportsApi.outletSalesDetails': { params: range },
    'reportsApi.omittedTripsReservationDetails': { params: { ...range, routeId: 0 } },
    'reportsApi.reservationDetails': {
      body: { companyId: PADMA, fromDate: '2026-01-01', toDate: '2026-01-31', status: 1, ...page },
    },
    'reportsApi.reservationHistory': {
      body: { companyId: PADMA, fromDate: '2026-01-01', toDate: '2026-01-31', ...page },
    },
  } satisfies Record<string, Base>;
}

/** Whether a zod definition is a literal with a value of this JavaScript type (z.literal(1), z.literal('SELL')). */
export const isLiteralOf = (def: Def, type: 'number' | 'string') =>
  def.type === 'literal' && (def.values as unknown[]).some((value) => typeof value === type);

type Answer = Awaited<ReturnType<Ctx['call']>>;

/**
 * Sends each value of `valuesAt` into each field `pathsOf` finds in each endpoint's params, query and body, one
 * field at a time, around the endpoint's valid request (none: an empty one). Answers how many requests went, and
 * the ones whose answer is not a 400 VALIDATION_FAILED naming the field with what `namedAs` accepts.
 */
export async function sendIntoEveryField(options: {
  endpoints: { key: string; endpoint: Endpoint }[];
  bases: Record<string, Base>;
  send: (endpoint: Endpoint, base: Base) => Promise<Answer>;
  pathsOf: (schema: z.ZodType) => string[][];
  valuesAt: (part: Part, path: string[], base: Base) => unknown[];
  namedAs: (fieldMessage: string | undefined) => boolean;
}): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  let sent = 0;
  for (const { key, endpoint } of options.endpoints) {
    const base = options.bases[key] ?? {};
    for (const part of ['params', 'query', 'body'] as Part[]) {
      const schema = endpoint[part];
      if (!schema) continue;
      for (const path of options.pathsOf(schema)) {
        for (const value of options.valuesAt(part, path, base)) {
          const mutated: Base = {
            ...base,
            [part]: setPath((base[part] ?? {}) as Record<string, unknown>, path, value),
          };
          const res = await options.send(endpoint, mutated);
          sent += 1;
          const field = path.join('.');
          const fields = (res.body?.details?.fields ?? {}) as Record<string, string>;
          if (res.status !== 400 || res.body?.reason !== 'VALIDATION_FAILED' || !options.namedAs(fields[field]))
            failures.push(
              `${key} ${part}.${field} = ${JSON.stringify(value)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            );
        }
      }
    }
  }
  return { sent, failures };
}

/** Sends `base` to `endpoint` as `token`'s user (none: as nobody). */
export function sendAs(t: Ctx, token: string | undefined) {
  return (endpoint: Endpoint, base: Base) =>
    t.call(endpoint.method as 'GET' | 'POST', urlOf(endpoint, base), {
      ...(token === undefined ? {} : { token }),
      ...(base.body === undefined ? {} : { body: base.body }),
    });
}

/** The rows of every table, by table: a refused request must leave them as they were. */
export async function rowCounts(t: Ctx): Promise<Record<string, number>> {
  // Kysely's introspection lists the tables on either engine (not its own migration tables).
  const tables = await t.db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const { name } of tables.filter((table) => !table.isView)) {
    const row = await t.db
      .selectFrom(name as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[name] = Number((row as { n: number }).n);
  }
  return counts;
}
