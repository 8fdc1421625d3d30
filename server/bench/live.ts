/**
 * Live events benchmark (issue #35): `node --expose-gc --import tsx server/bench/live.ts [--streams N] [--agents A]
 * [--pace MS] [--seconds S] [--warmup W] [--trips T] [--windows K] [--clients-priority N]
 * [--database postgres://... [--processes P]]`.
 *
 * Starts the real server on a scratch SQLite file with live events on (or, with --database, on the given PostgreSQL
 * database, WHICH IT EMPTIES FIRST, plus P - 1 more server processes on it, default P = 3: the streams and the
 * counters spread over all of them), and A counters (default 20) that each start a sale every MS ms (default 200:
 * 100 sales/s together) over T trips (default 100; another T with the streams), in a worker thread. First S
 * seconds (default 10, after W of warm-up) with no stream open: the sale p99. Then N streams (default 2,000) opened
 * from a process of their own, each following one of the trips, and the same load again. The streams are the
 * windows of counters' sessions, K to a session (--windows, default 2; the server's own limit per session, 4 by
 * default, holds): the A selling counters' sessions first, so each sale's balance event reaches its counter's K
 * windows, then the sessions of counters that keep a map open without selling in this run. Prints ONE JSON line:
 * - commitToEvent p50/p95/p99 (ms): from the unit's commit (its after-commit delivery on SQLite, in the server) to
 *   the event read by the stream's client, over every delivery (one event reaches every stream of its trip). On
 *   PostgreSQL the committing process, any of the P, stamps the message when it raises it just before its COMMIT
 *   (raisedAt, db/live-bus.ts; one machine, one clock: performance.timeOrigin + now): an upper bound by the commit;
 * - memory per stream (bytes): the servers' RSS (and this process's JS heap) after a GC with the streams open, less
 *   before, over N (the other processes' RSS read from /proc, without a GC);
 * - the sale p99 without and with the streams, and their ratio (the goal: at most 1.10).
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
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
import { liveBusOf } from '../src/db/live-bus';
import { seedDemoWorld } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';
import { createBenchAgents } from './agents';
import { rssOf } from './memory';
import { benchServerEnv, quantile, runAgents, sellableTrips, signInAll } from './selling';
import { startServerProcess, type ServerProcess } from './server-process';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number of at least 0`);
  return value;
}

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const gc = (globalThis as { gc?: () => void }).gc;
function memory(): { rss: number; heap: number } {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

async function main(): Promise<void> {
  const streams = arg('streams', 2000);
  const agents = arg('agents', 20);
  const paceMs = arg('pace', 200);
  const seconds = arg('seconds', 10);
  const warmupSeconds = arg('warmup', 3);
  const tripCount = arg('trips', 100);
  const windows = Math.max(1, arg('windows', 2));
  const sessions = Math.ceil(streams / windows);
  if (!gc) console.error('bench:live: run with --expose-gc for a steady memory figure');
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-bench-live-'));
  const database = textArg('database');
  const processes = database ? arg('processes', 3) : 1;
  const env = {
    ...benchServerEnv(dir, 30),
    ...(database ? { DATABASE_URL: database } : {}),
    LIVE_EVENTS: 'on',
    LIVE_STREAMS_PER_PROCESS: String(streams + 100),
  };
  const config = loadConfig(env);
  // Before, 2,000 streams went to the 20 selling sessions (100 windows each, past the server's limit lifted for
  // the bench): every sale's balance event was written to 100 streams, a load no counter can cause.
  if (windows > config.live.streamsPerSession)
    throw new Error(`--windows ${windows}: the server allows ${config.live.streamsPerSession} streams per session`);
  const db = openDatabase(config.database, SERVER_DATABASE_OPTIONS);
  const clients = fork(new URL('./live-streams.mjs', import.meta.url), [], { execArgv: [], stdio: 'inherit' });
  // The 2,000 stream clients stand for other machines: on this one they share its cores with the server and the
  // counters, so they run at the lowest priority, on what the server leaves (--clients-priority 0: the same as it).
  setPriority(clients.pid!, arg('clients-priority', 19));
  const others: ServerProcess[] = [];
  try {
    if (engineOf(db) === 'postgres') await dropEverything(db);
    await migrateToLatest(db);
    await seedDemoWorld(db, { clock: systemClock, config });
    // The selling counters first; then counters whose sessions only watch (their windows' streams).
    const users = await createBenchAgents(db, Math.max(agents, sessions), config);
    const app = await buildApp({ config, db, clock: systemClock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const sessionTokens = await signInAll(base, users);
    const tokens = sessionTokens.slice(0, agents);
    // Stream j is a window of session floor(j / K).
    const streamTokens = Array.from({ length: streams }, (_, j) => sessionTokens[Math.floor(j / windows)]!);
    // The other server processes open the seeded database as a restarted server would.
    for (let i = 1; i < processes; i++) others.push(await startServerProcess({ ...env, SEED_DEMO: 'false' }));
    const bases = [base, ...others.map((o) => o.base)];
    const othersRss = () => others.reduce((sum, o) => sum + (rssOf(o.child.pid!)?.rss ?? 0), 0);
    // Read 2 s after a GC: the RSS right after one still holds ~25 MB the allocator gives back meanwhile (read
    // at once, the figure per stream came out negative).
    const settledMemory = async () => {
      memory();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return { ...memory(), others: othersRss() };
    };
    // Each phase sells on trips of its own: on the first phase's trips the second would meet seats sold already (a
    // refused lock is no sale), and read fewer sales per second for a reason that is not the streams.
    const sellable = await sellableTrips(db);
    if (sellable.length < 2 * tripCount) throw new Error(`--trips ${tripCount}: only ${sellable.length} trips to sell`);
    const tripsWithout = sellable.slice(0, tripCount);
    const trips = sellable.slice(tripCount, 2 * tripCount);
    const companyId = (
      await db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow()
    ).id;
    // The server's thread: how long a request could wait for it (p99 and max of its event loop's delay, ms).
    const loopDelays: { p99Ms: number; maxMs: number }[] = [];
    const load = async (on: typeof trips) => {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const result = await runAgents({ bases, tokens, companyId, seconds, warmupSeconds, trips: on, paceMs });
      delay.disable();
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      loopDelays.push({ p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max) });
      return result;
    };
    const p99 = (latencies: number[]) =>
      quantile(
        [...latencies].sort((a, b) => a - b),
        0.99,
      );

    // 1. The sale without streams.
    const without = await load(tripsWithout);

    // 2. The streams, from their own process; the server's memory before and after.
    const before = await settledMemory();
    const ready = new Promise<number>((resolve, reject) => {
      clients.once('message', (m) => resolve((m as { ready: number }).ready));
      clients.once('exit', (code) => reject(new Error(`stream clients exited (${code})`)));
    });
    clients.send({ bases, tokens: streamTokens, tripIds: trips.map((t) => t.tripId), streams });
    const opened = await ready;
    const open = processes === 1 ? app.live!.hub.size : opened;
    const after = await settledMemory();

    // 3. The same load with them: each event's commit noted here, its arrival there.
    const committedAt = new Map<string, number>();
    const stop = liveBusOf(db).on((m) => {
      // PostgreSQL: the committing process's stamp (any of them: this process hears every process's messages).
      if (m.type === 'trip')
        committedAt.set(`${m.tripId}:${m.version}`, m.raisedAt ?? performance.timeOrigin + performance.now());
    });
    const withStreams = await load(trips);
    stop();
    const report = new Promise<{ arrivals: [number, number, number][]; ended: number }>((resolve) =>
      clients.once('message', (m) => resolve(m as { arrivals: [number, number, number][]; ended: number })),
    );
    clients.send('stop');
    const { arrivals } = await report;
    const delays = arrivals
      .map(([tripId, version, at]) => at - (committedAt.get(`${tripId}:${version}`) ?? Number.NaN))
      .filter((d) => Number.isFinite(d))
      .sort((a, b) => a - b);
    const droppedSlow = app.live!.hub.droppedSlow;
    await app.close();
    for (const other of others.splice(0)) other.child.kill();

    const saleP99Without = p99(without.latencies);
    const saleP99With = p99(withStreams.latencies);
    console.log(
      JSON.stringify({
        engine: engineOf(db),
        processes,
        streams: open,
        salesPerSecWithout: Math.round(without.sold / without.elapsed),
        salesPerSecWith: Math.round(withStreams.sold / withStreams.elapsed),
        deliveries: delays.length,
        commitToEventP50Ms: quantile(delays, 0.5),
        commitToEventP95Ms: quantile(delays, 0.95),
        commitToEventP99Ms: quantile(delays, 0.99),
        rssPerStreamBytes: Math.round((after.rss + after.others - before.rss - before.others) / Math.max(1, open)),
        // This process's heap over its own streams (a third of them with 3 processes).
        heapPerStreamBytes: Math.round((after.heap - before.heap) / Math.max(1, Math.ceil(open / processes))),
        saleP99WithoutMs: saleP99Without,
        saleP99WithMs: saleP99With,
        saleP99Ratio: Math.round((saleP99With / Math.max(0.01, saleP99Without)) * 100) / 100,
        loopDelayWithout: loopDelays[0],
        loopDelayWith: loopDelays[1],
        droppedSlow,
        agents,
        windowsPerSession: windows,
        paceMs,
        seconds,
        warmupSeconds,
      }),
    );
  } finally {
    for (const other of others) other.child.kill();
    clients.kill();
    await closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
