/**
 * Reports benchmark: `node --import tsx server/bench/reports.ts [--reservations N] [--runs R] [--keep]
 * [--database postgres://...]`.
 *
 * Builds a scratch database in the OS temp folder (migrated, demo world
 * seeded), writes N generated reservations (default 1,000,000) over 180
 * days with their seats, ledger, commission and history rows
 * (reports-seed.ts), then asks each of the eight reports over the real HTTP
 * app (app.inject: routing, auth, validation, the queries and the zod
 * serialisation of the JSON answers) as the busy demo user `agent` of the busy agent AG-1001:
 * summaries over the last 31 full days, details over the busiest of those
 * days, page 1 (and the last page) of the paged reports over the 31 days,
 * omitted trips over the 31 days. One warm-up call, then R timed calls
 * (default 7). No ANALYZE is run on SQLite, as none runs on a real server.
 *
 * With --database the reports run on that PostgreSQL database instead, WHICH
 * IT EMPTIES FIRST (give it one made for the bench): migrated there, then
 * filled with a bulk copy of the same generated SQLite file (postgres-copy.ts:
 * the same rows, ids included), then VACUUM (ANALYZE): what autovacuum does on
 * a real server after that many inserts (its statistics, and the visibility
 * map that lets the covering indexes answer without the table).
 *
 * Prints ONE JSON line per report to stdout:
 * {"report":"userSalesSummary","engine":"sqlite","rows":31,"ms":{"p50":..,"max":..},"reservations":1000000}
 * and seeding (and copying) summary lines to stderr.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { dropEverything, migrateToLatest, openDatabase, type Database } from '../src/db/database';
import { engineOf } from '../src/db/engine';
import { systemClock } from '../src/lib/clock';
import { addDays } from '../src/lib/zoned-time';
import { copySqliteToPostgres } from './postgres-copy';
import { seedReportsWorld, type ReportsWorld } from './reports-seed';
import { intArg, median, timeRuns, withScratchDatabase } from './scratch';

const DAYS = 180;
const USER = { username: 'agent', password: 'Agent@123' };
const ENV = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000', BOOKING_SWEEP_SECONDS: '0' };

const seconds = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Each report, timed over the HTTP app on `db`; one JSON line each on stdout. */
async function timeReports(config: Config, db: Database, world: ReportsWorld, runs: number): Promise<void> {
  const engine = engineOf(db);
  const app = await buildApp({ config, db, clock: systemClock });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: USER });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const token = (login.json() as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { rows: unknown[]; total?: number };
    };
    const outlet = await db
      .selectFrom('users')
      .select('outlet_id')
      .where('username', '=', USER.username)
      .executeTakeFirstOrThrow();

    const c = world.companyId;
    const from = addDays(world.today, -31);
    const to = addDays(world.today, -1);
    const day = world.busyDay;
    const page = (n: number) => ({ companyId: c, fromDate: from, toDate: to, page: n, pageSize: 50 });
    const lastPage = async (path: string) =>
      Math.max(1, Math.ceil(((await call('POST', path, page(1))).total ?? 0) / 50));
    // The JSON answer (three of the reports answer a PDF unless asked otherwise).
    const get = (path: string) => call('GET', `/api/reports/${path}?format=json`);
    const reports: [string, () => Promise<{ rows: unknown[] }>][] = [
      ['userSalesSummary', () => get(`userSalesSummary/${c}/${from}/${to}`)],
      ['userSalesDetails', () => get(`userSalesDetails/${c}/${day}`)],
      ['outletSales', () => get(`outletSales/${c}/${from}/${to}`)],
      ['outletSalesByDateRange', () => get(`outletSalesByDateRange/${c}/${outlet.outlet_id ?? 0}/${from}/${to}`)],
      ['outletSalesDetails', () => get(`outletSalesDetails/${c}/${day}/${day}`)],
      ['omittedTripsReservationDetails', () => get(`omittedTripsReservationDetails/${c}/0/${from}/${to}`)],
      ['reservationDetails', () => call('POST', '/api/reports/reservationDetails', page(1))],
      ['reservationHistory', () => call('POST', '/api/reports/reservationHistory', page(1))],
    ];
    const detailsLast = await lastPage('/api/reports/reservationDetails');
    const historyLast = await lastPage('/api/reports/reservationHistory');
    reports.push(
      ['reservationDetailsLastPage', () => call('POST', '/api/reports/reservationDetails', page(detailsLast))],
      ['reservationHistoryLastPage', () => call('POST', '/api/reports/reservationHistory', page(historyLast))],
    );
    for (const [report, run] of reports) {
      const rows = (await run()).rows.length;
      const times = await timeRuns(run, runs);
      console.log(
        JSON.stringify({
          report,
          engine,
          rows,
          ms: { p50: median(times), max: times[times.length - 1] ?? 0 },
          reservations: world.reservations,
        }),
      );
    }
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const reservations = intArg('reservations', 1_000_000);
  const runs = intArg('runs', 7);
  const database = textArg('database');
  await withScratchDatabase('agent-portal-reports-bench-', ENV, async ({ file, config }) => {
    const t0 = performance.now();
    const world = seedReportsWorld(file, {
      reservations,
      days: DAYS,
      end: Date.now() - 60_000,
      timeZone: config.timeZone,
    });
    console.error(JSON.stringify({ seeded: { ...world, seconds: seconds(t0) } }));
    if (!database) {
      const db = openDatabase(config.database);
      try {
        await timeReports(config, db, world, runs);
      } finally {
        await db.destroy();
      }
      return;
    }
    // The same server settings, on PostgreSQL.
    const pgConfig = loadConfig({ ...ENV, DATABASE_URL: database, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10' });
    if (pgConfig.database.kind !== 'postgres') throw new Error('--database must be a postgres:// address');
    const db = openDatabase(pgConfig.database);
    try {
      const t1 = performance.now();
      await dropEverything(db);
      await migrateToLatest(db);
      const rows = await copySqliteToPostgres(file, db);
      const copySeconds = seconds(t1);
      const t2 = performance.now();
      await sql`vacuum (analyze)`.execute(db);
      console.error(
        JSON.stringify({
          copied: {
            rows: Object.values(rows).reduce((s, n) => s + n, 0),
            reservations: rows.reservations,
            seconds: copySeconds,
            vacuumAnalyzeSeconds: seconds(t2),
          },
        }),
      );
      await timeReports(pgConfig, db, world, runs);
    } finally {
      await db.destroy();
    }
  });
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
