/**
 * Each module registers its own routes, and one table lists them (issue #34): every address of the contract's API
 * tables is registered exactly once, by the module the table (src/http/module-routes.ts) names, and every module
 * folder with a routes.ts has its row. The table is run over the real services of a real app, with a registrar that
 * writes down who registered what.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as contract from '@agent-portal/contract';
import type { Endpoint } from '@agent-portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../src/config';
import { MODULE_ROUTES } from '../src/http/module-routes';
import type { RouteRegistrar } from '../src/http/routes';
import { FileQueue } from '../src/modules/reports/file-queue';
import { createTestContext, type TestContext } from './helpers';

const MODULES_DIR = path.join(SERVER_DIR, 'src', 'modules');

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string' &&
  'response' in value;

/**
 * Every API table the contract exports (each `...Api` object of endpoints), by name. reportFilesApi is left out: its
 * entries are reportsApi's own addresses with a file answer, served by those routes (?format).
 */
function contractTables(): Record<string, Record<string, Endpoint>> {
  return Object.fromEntries(
    Object.entries(contract).filter(
      ([name, value]) =>
        /Api$/.test(name) &&
        name !== 'reportFilesApi' &&
        typeof value === 'object' &&
        value !== null &&
        Object.values(value).length > 0 &&
        Object.values(value).every(isEndpoint),
    ),
  ) as Record<string, Record<string, Endpoint>>;
}

const addressOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

let ctx: TestContext;
/** The app the recording registrar hands the rows (a module may add hooks or decorate, as the live module does). */
let recordingApp: FastifyInstance;
/** Each registration the table makes: which address, by which module's row. */
const registered: { address: string; module: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  recordingApp = Fastify({ logger: false });
  for (const row of MODULE_ROUTES) {
    const recorder: RouteRegistrar = {
      app: recordingApp,
      add: (endpoint) => void registered.push({ address: addressOf(endpoint), module: row.module }),
    };
    await row.register(recorder, {
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      services: ctx.app.services,
      reportPool: null,
      reportFiles: new FileQueue({ running: 1, waiting: 1 }),
    });
  }
});
afterAll(async () => {
  await recordingApp?.close();
  await ctx?.close();
});

describe('the route table (src/http/module-routes.ts)', () => {
  it('reads every API table of the contract', () => {
    // The tables this test was written against; a new one is picked up by its name (…Api) without a change here.
    expect(Object.keys(contractTables())).toEqual(
      expect.arrayContaining(['authApi', 'systemApi', 'reservationApi', 'accountApi', 'reportsApi', 'voucherApi']),
    );
  });

  it('registers every address of the contract exactly once, and nothing the contract lacks', () => {
    const contractAddresses = Object.entries(contractTables()).flatMap(([table, endpoints]) =>
      Object.entries(endpoints).map(([name, endpoint]) => ({ key: `${table}.${name}`, address: addressOf(endpoint) })),
    );
    const times = (address: string) => registered.filter((r) => r.address === address).length;
    expect(contractAddresses.filter((c) => times(c.address) !== 1).map((c) => `${c.key}: ${times(c.address)}`)).toEqual(
      [],
    );
    const known = new Set(contractAddresses.map((c) => c.address));
    expect(registered.filter((r) => !known.has(r.address))).toEqual([]);
  });

  it('registers a call by the module that owns it, not by its address', () => {
    const owner = (endpoint: Endpoint) => registered.find((r) => r.address === addressOf(endpoint))?.module;
    const { reservationApi, systemApi } = contract;
    expect(owner(reservationApi.seatLock)).toBe('seat-lock');
    expect(owner(reservationApi.ticketOperation)).toBe('ticket-operation');
    expect(owner(reservationApi.changeBoardingPoint)).toBe('ticket-operation');
    expect(owner(reservationApi.delayedCancelApproval)).toBe('ticket-operation');
    expect(owner(reservationApi.createReservation)).toBe('reservation');
    expect(owner(systemApi.maintenance)).toBe('maintenance');
  });

  it('has one row per module folder with a routes.ts, and each row names such a folder', () => {
    const withRoutes = readdirSync(MODULES_DIR).filter((m) => existsSync(path.join(MODULES_DIR, m, 'routes.ts')));
    const rows = MODULE_ROUTES.map((row) => row.module);
    expect([...rows].sort()).toEqual([...withRoutes].sort());
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('is what the app serves: every contract address answers from a route of its own', () => {
    const missing = Object.values(contractTables())
      .flatMap((endpoints) => Object.values(endpoints))
      .filter((e) => !ctx.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map(addressOf)).toEqual([]);
  });
});
