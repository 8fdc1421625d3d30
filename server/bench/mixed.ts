/**
 * Mixed benchmark (issue #14): `node --import tsx server/bench/mixed.ts
 * [--agents N] [--users U] [--seconds S] [--warmup W] [--reservations R] [--workers 0,1]`.
 *
 * Builds a scratch database with the demo world, 120 days of trips to sell
 * on and R generated past reservations (reports-seed.ts, default 360,000:
 * the demo agent AG-1001's reservation history then holds more than 50,000
 * rows). Then, for each REPORT_WORKERS value of --workers (default 0, then
 * the server's default, cores - 1: reports on the server's thread, then in
 * report workers), starts the
 * real server, in a fresh process each, on a free loopback port and for W
 * seconds of warm-up (default 3) and S measured seconds (default 20):
 * - N simulated agents (default 50) lock and sell seats (agents-worker.mjs,
 *   as bench:sell);
 * - U users (default 4, sessions of `agent`; 0 for a control run) download the reservation
 *   history of the last 180 days as a PDF, then an XLSX, over and over: files
 *   of REPORT_FILE_MAX_ROWS (50,000) rows (mixed-worker.mjs);
 * - a probe asks GET /api/health every 20 ms and times each answer.
 * Prints ONE JSON line per REPORT_WORKERS value:
 * {workers, sellsPerSec, saleP50Ms, saleP99Ms, lightP99Ms, lightMaxMs,
 * loopMaxBlockMs, serverBusy, gcMaxMs, walMaxMB, files: {pdf: {n, p50Ms, maxMs, bytes}, xlsx: {...}}, rows, doubleSold}
 * (files: every download that came back, warm-up included; doubleSold: seat
 * segments this run's sales hold twice).
 * where loopMaxBlockMs is the longest the server's thread ran without a
 * turn for anything else (monitorEventLoopDelay): the longest any request
 * waited behind one piece of work.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { REPORT_FILE_MAX_ROWS } from '@agent-portal/contract';
import { buildApp } from '../src/app';
import { DEFAULT_REPORT_WORKERS, loadConfig } from '../src/config';
import { closeDatabase, migrateToLatest, openDatabase, SERVER_DATABASE_OPTIONS } from '../src/db/database';
import { doubleHeldSeats } from '../src/db/integrity';
import { seedDemoWorld } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';
import { addDays } from '../src/lib/zoned-time';
import { createBenchAgents } from './agents';
import { seedReportsWorld } from './reports-seed';
import { benchServerEnv, quantile, runAgents, sellableTrips } from './selling';

interface MixedJob {
  base: string;
  reportTokens: string[];
  companyId: number;
  fromDate: string;
  toDate: string;
  seconds: number;
  warmupSeconds: number;
  probeIntervalMs: number;
}

interface MixedResult {
  downloads: { format: 'pdf' | 'xlsx'; ms: number; bytes: number; status: number; counted: boolean }[];
  light: number[];
  failures: string[];
}

function arg(name: string, fallback: number, min = 0): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number of at least ${min}`);
  return value;
}

function workerCounts(): number[] {
  const i = process.argv.indexOf('--workers');
  const list = (i >= 0 ? (process.argv[i + 1] ?? '') : `0,${DEFAULT_REPORT_WORKERS}`).split(',').map(Number);
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 0))
    throw new Error('--workers must be REPORT_WORKERS values, comma-separated (e.g. 0,2)');
  return list;
}

function runDownloads(job: MixedJob): Promise<MixedResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mixed-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (message: MixedResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

interface PassSetup {
  env: Record<string, string>;
  sellers: { username: string; password: string }[];
  companyId: number;
  fromDate: string;
  toDate: string;
  users: number;
  seconds: number;
  warmupSeconds: number;
}

/**
 * One REPORT_WORKERS value, in a process of its own (a fresh heap: the
 * reports on the server's thread leave it large, and its garbage collection
 * would count against the next pass).
 */
async function pass(workers: number, p: PassSetup): Promise<void> {
  const { sellers, companyId, fromDate, toDate, users, seconds, warmupSeconds } = p;
  const config = loadConfig({ ...p.env, REPORT_WORKERS: String(workers) });
  const db = openDatabase(config.database, SERVER_DATABASE_OPTIONS);
  const app = await buildApp({ config, db, clock: systemClock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = async (username: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`bench login of ${username} failed: ${res.body}`);
      return (res.json() as { token: string }).token;
    };
    const tokens: string[] = [];
    for (const u of sellers) tokens.push(await login(u.username, u.password));
    const reportTokens: string[] = [];
    for (let i = 0; i < users; i += 1) reportTokens.push(await login('agent', 'Agent@123'));
    const matched = await app.inject({
      method: 'POST',
      url: '/api/reports/reservationHistory',
      headers: { authorization: `Bearer ${await login('agent', 'Agent@123')}` },
      payload: { companyId, fromDate, toDate, page: 1, pageSize: 1 },
    });
    const rows = Math.min(REPORT_FILE_MAX_ROWS, (matched.json() as { total: number }).total);
    if (rows < REPORT_FILE_MAX_ROWS) console.error(`only ${rows} rows of history: raise --reservations`);
    const trips = await sellableTrips(db);
    // The generated past trade holds seats twice (reports-seed.ts draws them freely): count only what this run adds.
    const doubleBefore = await doubleHeldSeats(db);
    const meghna = (
      await db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow()
    ).id;
    const busyBefore = performance.eventLoopUtilization();

    const selling = runAgents({ bases: [url], tokens, companyId: meghna, seconds, warmupSeconds, trips });
    const downloading = runDownloads({
      base: url,
      reportTokens,
      companyId,
      fromDate,
      toDate,
      seconds,
      warmupSeconds,
      probeIntervalMs: 20,
    });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    // What else holds the server's thread: its garbage collection, and the WAL a long read keeps from restarting.
    let gcMaxMs = 0;
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
    });
    let walMaxBytes = 0;
    const walFile = `${p.env.DATABASE_URL}-wal`;
    const walPoll = setInterval(() => {
      try {
        walMaxBytes = Math.max(walMaxBytes, statSync(walFile).size);
      } catch {
        // no WAL yet
      }
    }, 100);
    await sleep(warmupSeconds * 1000);
    loop.enable();
    gc.observe({ entryTypes: ['gc'] });
    const sold = await selling;
    loop.disable();
    gc.disconnect();
    clearInterval(walPoll);
    const serverBusy = performance.eventLoopUtilization(busyBefore).utilization;
    const files = await downloading;

    const sales = [...sold.latencies].sort((a, b) => a - b);
    const light = [...files.light].sort((a, b) => a - b);
    const byFormat = (format: 'pdf' | 'xlsx') => {
      // Every file that came, warm-up included: a 50,000-row file takes longer than the window under this load.
      const done = files.downloads.filter((d) => d.format === format && d.status === 200);
      const ms = done.map((d) => d.ms).sort((a, b) => a - b);
      return {
        n: done.length,
        p50Ms: Math.round(quantile(ms, 0.5)),
        maxMs: Math.round(ms[ms.length - 1] ?? 0),
        bytes: done[0]?.bytes ?? 0,
      };
    };
    if (sold.failures.length || files.failures.length)
      console.error({ saleFailures: sold.failures, downloadFailures: files.failures });
    console.log(
      JSON.stringify({
        workers,
        agents: sellers.length,
        users,
        rows,
        sellsPerSec: Math.round(sold.sold / sold.elapsed),
        saleP50Ms: quantile(sales, 0.5),
        saleP99Ms: quantile(sales, 0.99),
        lightP99Ms: round(quantile(light, 0.99)),
        lightMaxMs: round(light[light.length - 1] ?? 0),
        loopMaxBlockMs: round(loop.max / 1e6),
        serverBusy: Math.round(serverBusy * 100) / 100,
        gcMaxMs: round(gcMaxMs),
        walMaxMB: round(walMaxBytes / 1e6),
        files: { pdf: byFormat('pdf'), xlsx: byFormat('xlsx') },
        doubleSold: (await doubleHeldSeats(db)) - doubleBefore,
        seconds,
        warmupSeconds,
      }),
    );
  } finally {
    await app.close();
    await closeDatabase(db);
  }
}

/** Runs one pass in a child process (this file with --pass), its JSON line on this stdout. */
function passInChild(workers: number, setup: PassSetup): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--pass', String(workers)],
      {
        env: { ...process.env, BENCH_MIXED_PASS: JSON.stringify(setup) },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the pass with REPORT_WORKERS=${workers} failed (${code})`)),
    );
  });
}

async function main(): Promise<void> {
  const passAt = process.argv.indexOf('--pass');
  if (passAt >= 0) {
    await pass(Number(process.argv[passAt + 1]), JSON.parse(process.env.BENCH_MIXED_PASS ?? '{}') as PassSetup);
    return;
  }
  const agents = arg('agents', 50, 1);
  const users = arg('users', 4, 0);
  const seconds = arg('seconds', 20, 1);
  const warmupSeconds = arg('warmup', 3);
  const reservations = arg('reservations', 360_000, 1);
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-mixed-bench-'));
  const env = benchServerEnv(dir);
  try {
    const base = loadConfig(env);
    const setup = openDatabase(base.database);
    await migrateToLatest(setup);
    await seedDemoWorld(setup, { clock: systemClock, config: base });
    await setup.destroy();
    const t0 = performance.now();
    const world = seedReportsWorld(env.DATABASE_URL, {
      reservations,
      days: 180,
      end: Date.now() - 60_000,
      timeZone: base.timeZone,
    });
    console.error(
      JSON.stringify({
        seeded: {
          reservations: world.reservations,
          events: world.events,
          seconds: Math.round((performance.now() - t0) / 100) / 10,
        },
      }),
    );
    const db = openDatabase(base.database, SERVER_DATABASE_OPTIONS);
    const sellers = await createBenchAgents(db, agents, base);
    await closeDatabase(db);
    const passSetup: PassSetup = {
      env,
      sellers,
      companyId: world.companyId,
      fromDate: addDays(world.today, -180),
      toDate: addDays(world.today, -1),
      users,
      seconds,
      warmupSeconds,
    };
    for (const workers of workerCounts()) await passInChild(workers, passSetup);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
