/**
 * Selling benchmark: `node --import tsx server/bench/sell.ts [--agents N] [--seconds S] [--warmup W] [--days D]
 * [--database postgres://...] [--processes P] [--compare postgres://...]`.
 *
 * Starts the real server on a scratch database (a free loopback port) with
 * D days of trips (default 120): a SQLite file, or with --database the given
PostgreSQL database, WHICH IT EMPTIES FIRST (give it one made for the bench).
--processes P (default 1) adds P - 1 server processes (src/main.ts) on the
same database, the agents spread over all of them. It lets N simulated agents (each its own demo
 * agent, user, account and outlet) lock and sell random seats over HTTP for
 * W seconds of warm-up (default 3, not counted) and then S seconds (default
 * 10), then checks that no seat segment is held twice. Also measures plain
 * SQLite write transactions that insert what a sale inserts, on a scratch
 * file with the same pragmas (SQLite only).
 * Prints ONE JSON line: {engine, processes, sellsPerSec, p50Ms, p99Ms, rawTxPerSec, doubleSold, agents, seconds,
 * warmupSeconds, cpu, probe}:
 * - statementsPerSell: statements sent per sold seat over the timed window (its lock, its sale, the locks refused,
 *   the authentication epoch's reads shared by the requests of the moment; one server process only);
 * - cpu: CPU ms per sold seat (its lock and its sale) over the timed window, of the server processes (this process
 *   less the clients' thread, plus the other server processes) and of PostgreSQL (every process of its postmaster;
 *   the database must run on this machine), read from /proc (bench/cpu.ts);
 * - probe: after the timed run, one counter locks and sells 40 seats of 4 warm trips one request at a time
 *   (bench/probe.ts):
 *   statements per seat lock and per sale, counted where they leave for the database (db/statement-count.ts; on
 *   SQLite the group commit's BEGIN, SAVEPOINT, RELEASE and COMMIT of a group of one), and CPU ms of each.
 * --compare postgres://... runs the bench twice, one process after the other with the same options, on SQLite and
 * then on that PostgreSQL database, and prints both lines and then {compare: {postgresToSqlite, ...}}.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { Session } from 'node:inspector';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  closeDatabase,
  dropEverything,
  migrateToLatest,
  openDatabase,
  SERVER_DATABASE_OPTIONS,
} from '../src/db/database';
import { engineOf } from '../src/db/engine';
import { groupCommitOf } from '../src/db/group-commit';
import { doubleHeldSeats } from '../src/db/integrity';
import { statementCount } from '../src/db/statement-count';
import { seedDemoWorld } from '../src/db/seed';
import { sql } from 'kysely';
import { systemClock } from '../src/lib/clock';
import { createBenchAgents } from './agents';
import { benchServerEnv, quantile, runAgents, sellableTrips, signInAll } from './selling';
import { measureRawTransactions } from './raw';
import { startServerProcess, type ServerProcess } from './server-process';
import { parentOf, postgresCpu, postgresCpuSince, treeCpuMs } from './cpu';
import { probeLockAndSale, serverCpuPerRequest } from './probe';

/** Server-side time of each sale (BENCH_VERBOSE): Fastify's onRequest to onResponse. */
function timeSalesInServer(app: FastifyInstance): number[] {
  const times: number[] = [];
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    started.set(request, performance.now());
  });
  app.addHook('onResponse', async (request) => {
    const t0 = started.get(request);
    if (t0 !== undefined && request.url.endsWith('/createReservation')) times.push(performance.now() - t0);
  });
  return times;
}

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function arg(name: string, fallback: number, min = Number.MIN_VALUE): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < min)
    throw new Error(`--${name} must be a number of at least ${min === Number.MIN_VALUE ? 'more than 0' : min}`);
  return value;
}

/**
 * BENCH_CPU_PROFILE=file: a CPU profile of the server's thread during the selling window only
 * (not the seeding or the raw measurement), for `node --cpu-prof`-style analysis.
 */
async function startProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * --compare postgres://...: this bench with the same options in a process of its own on SQLite, then on PostgreSQL
 * (one after the other, on the same machine), and their ratio.
 */
function compare(database: string): void {
  const args = process.argv.slice(2);
  const at = args.indexOf('--compare');
  args.splice(at, 2);
  const run = (extra: string[]) => {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...args, ...extra], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`bench run failed (${extra.join(' ') || 'sqlite'})`);
    const line = child.stdout.trim().split('\n').pop()!;
    console.log(line);
    return JSON.parse(line) as { sellsPerSec: number; p99Ms: number; doubleSold: number };
  };
  const sqlite = run([]);
  const postgres = run(['--database', database]);
  console.log(
    JSON.stringify({
      compare: {
        postgresToSqlite: round2(postgres.sellsPerSec / sqlite.sellsPerSec),
        sqliteSellsPerSec: sqlite.sellsPerSec,
        postgresSellsPerSec: postgres.sellsPerSec,
        postgresP99Ms: postgres.p99Ms,
        doubleSold: sqlite.doubleSold + postgres.doubleSold,
      },
    }),
  );
}

async function main(): Promise<void> {
  const comparedWith = textArg('compare');
  if (comparedWith) return compare(comparedWith);
  const agents = arg('agents', 50);
  const seconds = arg('seconds', 10);
  const warmupSeconds = arg('warmup', 3, 0);
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-bench-'));
  const processes = arg('processes', 1, 1);
  const paceMs = arg('pace', 0, 0);
  const database = textArg('database');
  const poolSize = textArg('pool');
  const env = {
    ...benchServerEnv(dir, arg('days', 120)),
    ...(database ? { DATABASE_URL: database } : {}),
    ...(poolSize ? { DATABASE_POOL_SIZE: poolSize } : {}),
  };
  const config = loadConfig(env);
  const db = openDatabase(config.database, SERVER_DATABASE_OPTIONS);
  const others: ServerProcess[] = [];
  try {
    if (engineOf(db) === 'postgres') await dropEverything(db);
    await migrateToLatest(db);
    await seedDemoWorld(db, { clock: systemClock, config });
    const users = await createBenchAgents(db, agents, config);
    const app = await buildApp({ config, db, clock: systemClock });
    const serverSellMs = process.env.BENCH_VERBOSE ? timeSalesInServer(app) : [];
    const meter = serverCpuPerRequest(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const post = async (url: string, token: string | null, body: unknown) => {
      const res = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const tokens = await signInAll(base, users);
    // The other server processes open the seeded database as a restarted server would (no seeding: it is not empty).
    for (let i = 1; i < processes; i++) others.push(await startServerProcess({ ...env, SEED_DEMO: 'false' }));
    const bases = [base, ...others.map((o) => o.base)];
    const trips = await sellableTrips(db);
    const companyId = (
      await db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow()
    ).id;
    // PostgreSQL's processes are the children of its postmaster, the parent of this connection's backend.
    const postmaster =
      engineOf(db) === 'postgres'
        ? parentOf((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid)
        : null;
    const running = runAgents({ bases, tokens, companyId, seconds, warmupSeconds, trips, paceMs });
    // The profile and the server's utilisation cover the measured window, as the figures do.
    await sleep(warmupSeconds * 1000);
    const stopProfile = process.env.BENCH_CPU_PROFILE ? await startProfile(process.env.BENCH_CPU_PROFILE) : null;
    const idleBefore = performance.eventLoopUtilization();
    const cpuBefore = process.cpuUsage();
    const othersCpu = () => others.reduce((sum, o) => sum + (o.child.pid ? treeCpuMs(o.child.pid) : 0), 0);
    const othersBefore = othersCpu();
    const databaseBefore = postmaster === null ? null : postgresCpu(postmaster);
    const statementsBefore = statementCount.sent;
    serverSellMs.length = 0;
    const result = await running;
    const serverBusy = performance.eventLoopUtilization(idleBefore).utilization;
    const cpuUsed = process.cpuUsage(cpuBefore);
    // This process's statements only (the other server processes count their own).
    const statementsPerSell = round2((statementCount.sent - statementsBefore) / result.sold);
    const databaseCpuMs =
      postmaster === null || databaseBefore === null ? 0 : postgresCpuSince(databaseBefore, postgresCpu(postmaster));
    const serverCpuMs =
      result.cpuMs === null ? null : (cpuUsed.user + cpuUsed.system) / 1000 - result.cpuMs + othersCpu() - othersBefore;
    await stopProfile?.();
    const probe = await probeLockAndSale({
      post,
      token: tokens[0]!,
      companyId,
      trips,
      meter,
      postmaster,
      keepTexts: Boolean(process.env.BENCH_VERBOSE),
    });
    if (probe.texts) console.error(probe.texts);
    delete probe.texts;
    await app.close();
    for (const other of others.splice(0)) other.child.kill();

    const engine = engineOf(db);
    const doubleSold = await doubleHeldSeats(db);
    const rawTxPerSec = engine === 'sqlite' ? await measureRawTransactions(path.join(dir, 'raw.sqlite'), config) : null;
    const latencies = [...result.latencies].sort((a, b) => a - b);
    const q = (p: number) => quantile(latencies, p);
    if (process.env.BENCH_VERBOSE) {
      console.error({
        sold: result.sold,
        elapsed: result.elapsed,
        recentGroupSizes: groupCommitOf(db).recentGroupSizes.join(' '),
        attempts: latencies.length,
        failures: result.failures,
        // Event-loop utilisation: near 1 for the server means it is the bottleneck (closed loop at saturation).
        serverBusy: Math.round(serverBusy * 100) / 100,
        clientsBusy: Math.round(result.busy * 100) / 100,
        // From the server's reading of the request to its answer: the rest of the client's figure is
        // the wait before the server reads it (its thread busy with a group) and the client's own.
        serverSellP50Ms: quantile(
          serverSellMs.sort((a, b) => a - b),
          0.5,
        ),
        serverSellP99Ms: quantile(serverSellMs, 0.99),
        // Under this sustained load the WAL grows to the backstop of db/checkpointer.ts, then restarts.
        walBytes: engine === 'sqlite' ? statSync(`${env.DATABASE_URL}-wal`).size : null,
      });
    }
    console.log(
      JSON.stringify({
        engine,
        processes,
        sellsPerSec: Math.round(result.sold / result.elapsed),
        p50Ms: q(0.5),
        p99Ms: q(0.99),
        rawTxPerSec,
        doubleSold,
        agents,
        paceMs,
        seconds,
        warmupSeconds,
        statementsPerSell: processes === 1 ? statementsPerSell : null,
        cpu: {
          serverMsPerSell: serverCpuMs === null ? null : round2(serverCpuMs / result.sold),
          databaseMsPerSell: postmaster === null ? null : round2(databaseCpuMs / result.sold),
        },
        probe,
      }),
    );
  } finally {
    for (const other of others) other.child.kill();
    await closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
