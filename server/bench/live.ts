/**
 * Live events benchmark (issue #35): `node --expose-gc --import tsx server/bench/live.ts [--streams N] [--agents A]
 * [--pace MS] [--seconds S] [--warmup W] [--trips T] [--windows K] [--rounds R] [--clients-priority N] [--batch-ms B]
 * [--fanout process|inline]
 * [--database postgres://... [--processes P]]`.
 *
 * Starts the real server on a scratch SQLite file with live events on (or, with --database, on the given PostgreSQL
 * database, WHICH IT EMPTIES FIRST, plus P - 1 more server processes on it, default P = 3: the streams and the
 * counters spread over all of them), and A counters (default 20) that each start a sale every MS ms (default 200:
 * 100 sales/s together) over T trips (another T for each phase, trip i of the seeded world's in phase i mod 2R; by
 * default as many as it has for all the phases, at most 100), in a worker thread. First S seconds (default 10,
 * after W of warm-up) with no stream open: the sale p99. Then N streams (default 2,000) opened from a process of
 * their own, each following one of the trips, and the same load again; then the streams cut and the two phases
 * again, R rounds in all (default 2: a drift of the machine's speed falls on both sides). The streams are the
 * windows of counters' sessions, K to a session (--windows, default 2; the server's own limit per session, 4 by
 * default, holds): the A selling counters' sessions first, so each sale's balance event reaches its counter's K
 * windows, then the sessions of counters that keep a map open without selling in this run. Prints ONE JSON line:
 * - commitToEvent p50/p95/p99 (ms): from the unit's commit (its after-commit delivery on SQLite, in the server) to
 *   the event read by the stream's client, over every delivery (one event reaches every stream of its trip). On
 *   PostgreSQL the committing process, any of the P, stamps the message when it raises it just before its COMMIT
 *   (raisedAt, db/live-bus.ts; one machine, one clock: performance.timeOrigin + now): an upper bound by the commit;
 * - memory per stream (bytes): the servers' RSS (and this process's JS heap) after a GC with the streams open, less
 *   before, over N (the other processes' RSS read from /proc, without a GC);
 * - the sale p99 without and with the streams (each over its phases' sales together), their ratio (the goal: at
 *   most 1.10) and each round's own ratio, as the counters timed it and as the server did (its request's arrival to
 *   its answer written, this process's sales only): the counters' figure adds their waits for a core of this
 *   machine, which they share with the stream clients;
 * - per side (serverThreadWithout, serverThreadWith), the server's thread over the counted seconds, read from Linux's
 *   schedstat: its CPU per sale (the streams' own cost, the figure that moves least between runs; with several
 *   processes, this one's thread over every process's sales), its wait for a core, its garbage collections, and
 *   per second the stream clients' CPU, this process's socket writes to its streams and the CPU of the fan-out process
 *   that writes them (LIVE_FANOUT=process, the default; --fanout inline: the server's thread writes them).
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { ProcessWriter } from '../src/modules/live/fanout-process';
import { seedDemoWorld } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';
import { createBenchAgents } from './agents';
import { processCpuMs, threadSchedMs } from './cpu';
import { descendantsOf, rssOf } from './memory';
import { benchServerEnv, quantile, runAgents, sellableTrips, signInAll, type BenchTrip } from './selling';
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

/** The server's thread over one phase's counted seconds (ms). */
interface ServerThread {
  cpuMs: number;
  /** Ready to run, waiting for a core. */
  waitMs: number;
  gcMs: number;
  gcMaxMs: number;
  /** The stream clients' process (all its threads): what they took of the machine meanwhile. */
  streamClientsCpuMs: number;
  /** This process's socket writes to its streams. */
  streamWrites: number;
  /** Its fan-out process (all its threads): 0 with --fanout inline. */
  fanoutCpuMs: number;
}

async function main(): Promise<void> {
  const streams = arg('streams', 2000);
  const agents = arg('agents', 20);
  const paceMs = arg('pace', 200);
  const seconds = arg('seconds', 10);
  const warmupSeconds = arg('warmup', 3);
  const tripsAsked = textArg('trips') === undefined ? null : arg('trips', 100);
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
    // --batch-ms: the hub's LIVE_BATCH_MS (the server's default without it).
    ...(textArg('batch-ms') === undefined ? {} : { LIVE_BATCH_MS: String(arg('batch-ms', 25)) }),
    // --fanout process|inline: the hub's LIVE_FANOUT (the server's default without it).
    ...(textArg('fanout') === undefined ? {} : { LIVE_FANOUT: textArg('fanout') }),
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
    // The sale as the server sees it: from its request's arrival to its answer written (Fastify's elapsedTime), on
    // this process (a third of the sales with 3). The counters' own figure adds each wait for a core on this
    // machine, whose 2 cores the 2,000 stream clients share with the server and the counters, and would not on the
    // machines they stand for.
    let serverSales: number[] | null = null;
    app.addHook('onResponse', async (req, reply) => {
      if (serverSales && req.url === '/api/reservation/createReservation') serverSales.push(reply.elapsedTime);
    });
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
    // Every process a server runs in or starts but this one: the other servers' (each started pid is tsx's launcher,
    // the server the node process it starts) and the fan-out processes (LIVE_FANOUT), not the stream clients'.
    const otherPids = () => descendantsOf(process.pid).filter((pid) => pid !== clients.pid);
    const othersRss = () => otherPids().reduce((sum, pid) => sum + (rssOf(pid)?.rss ?? 0), 0);
    // Read 2 s after a GC: the RSS right after one still holds ~25 MB the allocator gives back meanwhile (read
    // at once, the figure per stream came out negative).
    const settledMemory = async () => {
      memory();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return { ...memory(), others: othersRss() };
    };
    // A server starts its fan-out process (LIVE_FANOUT=process) with its first stream: started before the memory
    // without streams is read, the figure per stream is what each more stream costs; the process's own is apart.
    const startFanouts = async () => {
      for (const at of bases) {
        const abort = new AbortController();
        const res = await fetch(`${at}/api/live/stream`, {
          headers: { authorization: `Bearer ${tokens[0]}` },
          signal: abort.signal,
        });
        await res.body!.getReader().read();
        abort.abort();
      }
      const until = Date.now() + 10_000;
      while (app.live!.hub.size > 0 && Date.now() < until) await sleep(50);
      await sleep(500);
      return fanoutPid() === null ? null : (rssOf(fanoutPid()!)?.rss ?? null);
    };
    const fanoutPid = () => {
      const writer = app.live!.hub.writer;
      return writer instanceof ProcessWriter ? (writer.pid ?? null) : null;
    };
    const fanoutCpuMs = () => (fanoutPid() === null ? 0 : processCpuMs(fanoutPid()!));
    const rounds = Math.max(1, arg('rounds', 2));
    // Each phase sells on trips of its own: on an earlier phase's trips a later one would meet seats sold already (a
    // refused lock is no sale), and read fewer sales per second for a reason that is not the streams.
    const sellable = await sellableTrips(db);
    const tripCount = tripsAsked ?? Math.min(100, Math.floor(sellable.length / (2 * rounds)));
    if (tripCount < 1 || sellable.length < 2 * rounds * tripCount)
      throw new Error(`--trips ${tripCount} --rounds ${rounds}: only ${sellable.length} trips to sell`);
    // Trip i goes to phase i mod 2R: every phase gets the same mix of days, routes and departure times. (Slices of
    // the list in the seed's order gave each phase a day of its own, a mix that moved with the time of day the bench
    // ran at, since the trips leaving within 3 hours are left out: one phase's sales could be dearer than another's.)
    const tripsOf = (phase: number) => sellable.filter((_, i) => i % (2 * rounds) === phase).slice(0, tripCount);
    const companyId = (
      await db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow()
    ).id;
    // The server's thread: how long a request could wait for it (p99 and max of its event loop's delay, ms).
    const loopDelays: { p99Ms: number; maxMs: number }[] = [];
    const load = async (on: BenchTrip[]) => {
      // Each phase starts from a collected heap after a quiet second, both sides alike: a full collection owed to what
      // came before (opening 2,000 streams is 4,000 requests) does not fall into the counted seconds after it.
      memory();
      await sleep(1000);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      const server: number[] = [];
      // Read as the counting starts (set in a timer: a holder, so the compiler does not take it for always null).
      const start: {
        at: {
          sched: ReturnType<typeof threadSchedMs>;
          clientsCpuMs: number;
          writes: number;
          fanoutCpuMs: number;
        } | null;
      } = { at: null };
      const collections: number[] = [];
      const gcObserver = new PerformanceObserver((list) => {
        if (start.at) for (const entry of list.getEntries()) collections.push(entry.duration);
      });
      gcObserver.observe({ entryTypes: ['gc'] });
      // The counters' warm-up is not counted (they start their clocks as it ends, in their thread).
      const counting = setTimeout(() => {
        serverSales = server;
        const at = {
          sched: threadSchedMs(),
          clientsCpuMs: processCpuMs(clients.pid!),
          writes: 0,
          fanoutCpuMs: fanoutCpuMs(),
        };
        start.at = at;
        // The fan-out process's count comes back in a message: the writes made by now, give or take a batch.
        void app.live!.hub.writer.writesSoFar().then((writes) => (at.writes = writes));
      }, warmupSeconds * 1000);
      delay.enable();
      const agentsResult = await runAgents({ bases, tokens, companyId, seconds, warmupSeconds, trips: on, paceMs });
      delay.disable();
      const sched = threadSchedMs();
      const clientsCpuMs = processCpuMs(clients.pid!);
      const fanoutCpuMsNow = fanoutCpuMs();
      const writes = await app.live!.hub.writer.writesSoFar();
      gcObserver.disconnect();
      clearTimeout(counting);
      serverSales = null;
      const counted = start.at;
      const thread: ServerThread = {
        cpuMs: sched && counted?.sched ? sched.cpuMs - counted.sched.cpuMs : 0,
        waitMs: sched && counted?.sched ? sched.waitMs - counted.sched.waitMs : 0,
        gcMs: collections.reduce((sum, ms) => sum + ms, 0),
        gcMaxMs: Math.max(0, ...collections),
        streamClientsCpuMs: counted ? clientsCpuMs - counted.clientsCpuMs : 0,
        streamWrites: counted ? writes - counted.writes : 0,
        fanoutCpuMs: counted ? fanoutCpuMsNow - counted.fanoutCpuMs : 0,
      };
      const result = { ...agentsResult, server, thread };
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      loopDelays.push({ p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max) });
      return result;
    };
    const p99 = (latencies: number[]) =>
      quantile(
        [...latencies].sort((a, b) => a - b),
        0.99,
      );
    const reply = <T>(check: (m: unknown) => m is T) =>
      new Promise<T>((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`stream clients exited (${code})`));
        const listen = (m: unknown) => {
          if (!check(m)) return;
          clients.off('message', listen);
          clients.off('exit', exited);
          resolve(m);
        };
        clients.on('message', listen);
        clients.once('exit', exited);
      });
    const openStreams = async () => {
      const ready = reply((m): m is { ready: number } => typeof m === 'object' && m !== null && 'ready' in m);
      clients.send({ bases, tokens: streamTokens, tripIds: trips.map((t) => t.tripId), streams });
      return (await ready).ready;
    };
    // The streams are cut between the phases with them, and the next phase without waits until the server has let
    // them go (one process: its hub is empty; several: 2 s, their hubs are not reachable from here).
    const closeStreams = async () => {
      const closed = reply((m): m is { closed: number } => typeof m === 'object' && m !== null && 'closed' in m);
      clients.send('close');
      await closed;
      const until = Date.now() + 10_000;
      if (processes === 1) while (app.live!.hub.size > 0 && Date.now() < until) await sleep(50);
      else await sleep(2000);
    };

    // Each event's commit noted here, its arrival there (in the phases with streams; none is raised without).
    const committedAt = new Map<string, number>();
    const stop = liveBusOf(db).on((m) => {
      // PostgreSQL: the committing process's stamp (any of them: this process hears every process's messages).
      if (m.type === 'trip')
        committedAt.set(`${m.tripId}:${m.version}`, m.raisedAt ?? performance.timeOrigin + performance.now());
    });
    // The phases alternate, without streams then with them, `rounds` times: a drift of the machine's speed over the
    // run falls on both sides (one phase of each, before, read ratios from x0.78 to x2.28 on SQLite).
    const without: Awaited<ReturnType<typeof load>>[] = [];
    const withStreams: Awaited<ReturnType<typeof load>>[] = [];
    let trips: BenchTrip[] = [];
    let open = 0;
    let before = { rss: 0, heap: 0, others: 0 };
    let fanoutRss: number | null = null;
    let openSeconds = 0;
    let after = before;
    for (let round = 0; round < rounds; round++) {
      without.push(await load(tripsOf(2 * round)));
      trips = tripsOf(2 * round + 1);
      if (round === 0) {
        fanoutRss = await startFanouts();
        before = await settledMemory();
      }
      const openedAt = performance.now();
      const opened = await openStreams();
      // As many portals at once as after a server's restart: each socket handed to the fan-out process in turn.
      if (round === 0) openSeconds = Math.round(performance.now() - openedAt) / 1000;
      if (round === 0) {
        open = processes === 1 ? app.live!.hub.size : opened;
        after = await settledMemory();
      }
      withStreams.push(await load(trips));
      if (round < rounds - 1) await closeStreams();
    }
    stop();
    const report = reply(
      (m): m is { arrivals: [number, number, number][]; ended: number } =>
        typeof m === 'object' && m !== null && 'arrivals' in m,
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

    const pooled = (phases: typeof without) => phases.flatMap((p) => p.latencies);
    const perSecond = (phases: typeof without) =>
      Math.round(phases.reduce((n, p) => n + p.sold, 0) / phases.reduce((t, p) => t + p.elapsed, 0));
    const saleP99Without = p99(pooled(without));
    const saleP99With = p99(pooled(withStreams));
    const serverP99Without = p99(without.flatMap((p) => p.server));
    const serverP99With = p99(withStreams.flatMap((p) => p.server));
    const ratio = (a: number, b: number) => Math.round((a / Math.max(0.01, b)) * 100) / 100;
    // The server's thread over a side's counted seconds: its CPU per sale made (the streams' own work, the figure
    // that moves least between runs), and per second its wait for a core, its collections and the stream clients' CPU.
    const threadOf = (phases: typeof without) => {
      const sum = (pick: (t: ServerThread) => number) => phases.reduce((n, p) => n + pick(p.thread), 0);
      const secondsCounted = phases.reduce((t, p) => t + p.elapsed, 0);
      const sold = phases.reduce((n, p) => n + p.sold, 0) || 1;
      const round2 = (n: number) => Math.round(n * 100) / 100;
      return {
        cpuMsPerSale: round2(sum((t) => t.cpuMs) / sold),
        coreWaitMsPerSec: round2(sum((t) => t.waitMs) / secondsCounted),
        gcMsPerSec: round2(sum((t) => t.gcMs) / secondsCounted),
        gcMaxMs: round2(Math.max(...phases.map((p) => p.thread.gcMaxMs))),
        streamClientsCpuMsPerSec: Math.round(sum((t) => t.streamClientsCpuMs) / secondsCounted),
        streamWritesPerSec: Math.round(sum((t) => t.streamWrites) / secondsCounted),
        fanoutCpuMsPerSec: Math.round(sum((t) => t.fanoutCpuMs) / secondsCounted),
      };
    };
    console.log(
      JSON.stringify({
        engine: engineOf(db),
        processes,
        streams: open,
        salesPerSecWithout: perSecond(without),
        salesPerSecWith: perSecond(withStreams),
        deliveries: delays.length,
        commitToEventP50Ms: quantile(delays, 0.5),
        commitToEventP95Ms: quantile(delays, 0.95),
        commitToEventP99Ms: quantile(delays, 0.99),
        // This process's fan-out process before any stream (a fixed cost, not in the figure per stream).
        fanoutProcessRssBytes: fanoutRss,
        // From the first stream asked to the last one open (its hello read), all N at once.
        openAllSeconds: openSeconds,
        rssPerStreamBytes: Math.round((after.rss + after.others - before.rss - before.others) / Math.max(1, open)),
        // This process's heap over its own streams (a third of them with 3 processes).
        heapPerStreamBytes: Math.round((after.heap - before.heap) / Math.max(1, Math.ceil(open / processes))),
        saleP99WithoutMs: saleP99Without,
        saleP99WithMs: saleP99With,
        saleP99Ratio: ratio(saleP99With, saleP99Without),
        // Each round's own ratio, to see how far one pair of phases can stray from the pooled one.
        roundRatios: without.map((w, i) => ratio(p99(withStreams[i]!.latencies), p99(w.latencies))),
        serverSaleP99WithoutMs: Math.round(serverP99Without * 100) / 100,
        serverSaleP99WithMs: Math.round(serverP99With * 100) / 100,
        serverSaleP99Ratio: ratio(serverP99With, serverP99Without),
        serverRoundRatios: without.map((w, i) => ratio(p99(withStreams[i]!.server), p99(w.server))),
        serverThreadWithout: threadOf(without),
        serverThreadWith: threadOf(withStreams),
        loopDelayWithout: loopDelays.filter((_, i) => i % 2 === 0),
        loopDelayWith: loopDelays.filter((_, i) => i % 2 === 1),
        droppedSlow,
        agents,
        windowsPerSession: windows,
        paceMs,
        seconds,
        warmupSeconds,
        rounds,
        tripsPerPhase: tripCount,
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
