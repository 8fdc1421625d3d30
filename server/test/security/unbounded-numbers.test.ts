/**
 * Class 5, unbounded numbers, as a property over the whole contract: every
 * numeric field of every endpoint's params, query and body (found by walking
 * the zod schemas, nested objects and arrays included) gets out-of-bound
 * values around an otherwise valid request from a user holding every
 * permission (`agent`). Every answer must be a 400 VALIDATION_FAILED naming
 * that field: never a 5xx, never a business answer computed from a number
 * nobody could mean, and nothing written. The values are fixed edge cases
 * plus a seeded generator's draws, so every run sends the same requests.
 *
 * Also: every date range a list or report takes is at most
 * MAX_DATE_RANGE_DAYS long.
 */
import {
  accountApi,
  authApi,
  deviceApi,
  extraWeightApi,
  lookupApi,
  MAX_DATE_RANGE_DAYS,
  passengerApi,
  reportsApi,
  reservationApi,
  systemApi,
  tripApi,
  unprintedApi,
  voucherApi,
  type Endpoint,
} from '@agent-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PADMA } from '../records/support';
import { findTrip, seg, sell, sellingContext, type Ctx } from '../selling/fixtures';

const TABLES: Record<string, Record<string, Endpoint>> = {
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

type Part = 'params' | 'query' | 'body';
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths of every numeric field (numbers and numeric literals) of a schema; array elements as index 0. */
function numericPaths(schema: z.ZodType, prefix: string[] = [], out: string[][] = []): string[][] {
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
      out.push(prefix);
      break;
    case 'literal':
      if ((def.values as unknown[]).some((v) => typeof v === 'number')) out.push(prefix);
      break;
    case 'union': {
      const found = (def.options as z.ZodType[]).flatMap((option) => numericPaths(option, prefix, []));
      for (const path of found) if (!out.some((p) => p.join('.') === path.join('.'))) out.push(path);
      break;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        numericPaths(value, [...prefix, key], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      numericPaths(def.innerType as z.ZodType, prefix, out);
      break;
    case 'pipe':
      numericPaths(def.in as z.ZodType, prefix, out);
      break;
    case 'array':
      numericPaths(def.element as z.ZodType, [...prefix, '0'], out);
      break;
    default:
      break;
  }
  return out;
}

/** mulberry32: a small seeded generator, so the draws are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values no numeric field of the contract may take: past every bound, negative, fractional, not a number. */
function outOfBoundValues(random: () => number): unknown[] {
  const fixed: unknown[] = [
    1e14,
    -1,
    2 ** 53,
    2 ** 31,
    2 ** 31 - 0.5,
    7.125,
    1e308,
    -1e14,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e14',
    '9007199254740993',
  ];
  const drawn: unknown[] = [];
  for (let i = 0; i < 3; i += 1) {
    drawn.push(Math.round((1e10 + random() * 1e15) * 1000) / 1000);
    drawn.push(-Math.ceil(1 + random() * 1e6));
    drawn.push(Math.floor(random() * 1000) + 0.001 + Math.floor(random() * 9) / 1000);
  }
  return [...fixed, ...drawn];
}

/** The same values as they travel in a URL path or query string. */
const asText = (value: unknown) =>
  typeof value === 'number'
    ? Number.isInteger(value) && Math.abs(value) >= 1e21
      ? value.toExponential()
      : String(value)
    : String(value);

interface Base {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
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

function urlOf(endpoint: Endpoint, base: Base): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(base.params?.[name])),
  );
  const query = new URLSearchParams(base.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

describe('out-of-bound numbers in every numeric field of the contract', () => {
  let t: Ctx;
  let token: string;
  const bases: Record<string, Base> = {};

  beforeAll(async () => {
    t = await sellingContext();
    token = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const sold = await sell(t, token, trip, ['A1']);
    const s = seg(trip);
    const range = { companyId: PADMA, fromDate: '2026-01-01', toDate: '2026-01-31' };
    const page = { page: 1, pageSize: 20 };
    const fakePnr = 'ZZZZZZZZZZ';
    const C = trip.companyId;
    Object.assign(bases, {
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
    } satisfies Record<string, Base>);
  });
  afterAll(() => t.close());

  const send = (endpoint: Endpoint, base: Base) =>
    t.call(endpoint.method as 'GET' | 'POST', urlOf(endpoint, base), {
      token,
      ...(base.body === undefined ? {} : { body: base.body }),
    });

  const rowCounts = async () => {
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
  };

  it('answers 400 VALIDATION_FAILED naming the field, never 5xx, and writes nothing', async () => {
    const random = seeded(0x5eed);
    const endpoints = Object.entries(TABLES).flatMap(([table, endpoints]) =>
      Object.entries(endpoints).map(([name, endpoint]) => ({ key: `${table}.${name}`, endpoint })),
    );
    const withNumbers = endpoints.filter(({ endpoint }) =>
      (['params', 'query', 'body'] as Part[]).some((part) => endpoint[part] && numericPaths(endpoint[part]).length > 0),
    );
    // Every endpoint with a number has a valid request here (a new one must be added).
    expect(withNumbers.map((e) => e.key).filter((key) => !bases[key])).toEqual([]);

    // The valid requests themselves pass validation (so each failure below is the field's).
    for (const { key, endpoint } of withNumbers) {
      const res = await send(endpoint, bases[key] as Base);
      expect(res.status, `${key} base: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(res.body?.reason, `${key} base: ${JSON.stringify(res.body)}`).not.toBe('VALIDATION_FAILED');
    }

    const before = await rowCounts();
    const failures: string[] = [];
    let sent = 0;
    for (const { key, endpoint } of withNumbers) {
      const base = bases[key] as Base;
      for (const part of ['params', 'query', 'body'] as Part[]) {
        const schema = endpoint[part];
        if (!schema) continue;
        for (const path of numericPaths(schema)) {
          for (const value of outOfBoundValues(random)) {
            const travelled = part === 'body' ? value : asText(value);
            const mutated: Base = {
              ...base,
              [part]: setPath((base[part] ?? {}) as Record<string, unknown>, path, travelled),
            };
            const res = await send(endpoint, mutated);
            sent += 1;
            const field = path.join('.');
            const fields = (res.body?.details?.fields ?? {}) as Record<string, string>;
            if (res.status !== 400 || res.body?.reason !== 'VALIDATION_FAILED' || !(field in fields)) {
              failures.push(
                `${key} ${part}.${field} = ${JSON.stringify(travelled)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 120_000);

  describe('date ranges', () => {
    const tooLong = { from: '2025-01-01', to: '2026-01-03' };
    const longest = { from: '2025-01-16', to: '2026-01-15' };
    /** A list call of PADMA's between two dates (startDate, endDate). */
    const listBetween = (path: string) => (from: string, to: string) =>
      t.call('POST', path, { token, body: { companyId: PADMA, startDate: from, endDate: to } });
    const cases: {
      name: string;
      send: (
        from: string,
        to: string,
      ) => Promise<{ status: number; body: { reason?: string; details?: { fields?: Record<string, string> } } }>;
      field: string;
    }[] = [
      {
        name: 'searchTransactions',
        field: 'endDate',
        send: listBetween('/api/account/searchTransactions'),
      },
      {
        name: 'commissionList',
        field: 'endDate',
        send: listBetween('/api/account/commissionList'),
      },
      {
        name: 'depositList',
        field: 'endDate',
        send: listBetween('/api/account/depositList'),
      },
      {
        name: 'extraWeight list',
        field: 'endDate',
        send: listBetween('/api/extraWeightCharge/list'),
      },
      {
        name: 'userSalesSummary',
        field: 'toDate',
        send: (from, to) =>
          t.call('GET', `/api/reports/userSalesSummary/${PADMA}/${from}/${to}?format=json`, { token }),
      },
      {
        name: 'outletSales',
        field: 'toDate',
        send: (from, to) => t.call('GET', `/api/reports/outletSales/${PADMA}/${from}/${to}?format=json`, { token }),
      },
      {
        name: 'outletSalesDetails',
        field: 'toDate',
        send: (from, to) => t.call('GET', `/api/reports/outletSalesDetails/${PADMA}/${from}/${to}`, { token }),
      },
      {
        name: 'omittedTrips',
        field: 'toDate',
        send: (from, to) =>
          t.call('GET', `/api/reports/omittedTripsReservationDetails/${PADMA}/0/${from}/${to}`, { token }),
      },
      {
        name: 'reservationDetails',
        field: 'toDate',
        send: (from, to) =>
          t.call('POST', '/api/reports/reservationDetails', {
            token,
            body: { companyId: PADMA, fromDate: from, toDate: to },
          }),
      },
      {
        name: 'reservationHistory',
        field: 'toDate',
        send: (from, to) =>
          t.call('POST', '/api/reports/reservationHistory', {
            token,
            body: { companyId: PADMA, fromDate: from, toDate: to },
          }),
      },
    ];
    it.each(cases)('$name: at most MAX_DATE_RANGE_DAYS days, both ends counted', async ({ send: call, field }) => {
      expect(MAX_DATE_RANGE_DAYS).toBe(366);
      const refused = await call(tooLong.from, tooLong.to);
      expect([refused.status, refused.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
      expect(refused.body.details?.fields?.[field]).toMatch(/366 days/);
      const wholeYear = await call(longest.from, longest.to);
      expect(wholeYear.status).toBe(200);
      const centuries = await call('0001-01-01', '9999-12-31');
      expect(centuries.status).toBe(400);
    });
  });
});
