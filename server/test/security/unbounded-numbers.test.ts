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
import { MAX_DATE_RANGE_DAYS, type Endpoint } from '@agent-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PADMA } from '../records/support';
import { sellingContext, type Ctx } from '../selling/fixtures';
import {
  everyEndpoint,
  fieldPaths,
  isLiteralOf,
  rowCounts,
  sendAs,
  sendIntoEveryField,
  validRequests,
  type Base,
  type Def,
  type Part,
} from './contract-requests';

/** Paths of every numeric field (numbers and numeric literals) of a schema. */
const numericPaths = (schema: z.ZodType) =>
  fieldPaths(schema, (def: Def) => def.type === 'number' || isLiteralOf(def, 'number'));

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

describe('out-of-bound numbers in every numeric field of the contract', () => {
  let t: Ctx;
  let token: string;
  const bases: Record<string, Base> = {};

  beforeAll(async () => {
    t = await sellingContext();
    token = await t.login('agent');
    Object.assign(bases, await validRequests(t, token));
  });
  afterAll(() => t.close());

  const send = (endpoint: Endpoint, base: Base) => sendAs(t, token)(endpoint, base);

  it('answers 400 VALIDATION_FAILED naming the field, never 5xx, and writes nothing', async () => {
    const random = seeded(0x5eed);
    const endpoints = everyEndpoint();
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

    const before = await rowCounts(t);
    const { sent, failures } = await sendIntoEveryField({
      endpoints: withNumbers,
      bases,
      send,
      pathsOf: numericPaths,
      valuesAt: (part) => outOfBoundValues(random).map((value) => (part === 'body' ? value : asText(value))),
      namedAs: (message) => message !== undefined,
    });
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await rowCounts(t)).toEqual(before);
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
