/**
 * What the selling benchmarks share (sell.ts, mixed.ts): the trips the
 * simulated counters sell on, and the counters themselves, run in a worker
 * thread (agents-worker.mjs) so the HTTP client does not share the server's
 * event loop.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Database } from '../src/db/database';
import { seatsOf, SEAT_LAYOUTS } from '../src/domain/seat-layouts';

/**
 * The settings of a benchmark's server on a fresh database in `dir`: no logs,
 * cheap password hashes and no login limits (the agents sign in at once), no
 * sweeps in the middle of a measurement, and enough days of trips that the
 * agents never run short of seats (the 14-day demo horizon holds about 7,000
 * seats of one company, which a few seconds of selling empties; then most
 * locks fail and the figure measures an empty coach, not the server).
 */
export function benchServerEnv(dir: string, tripDays = 120): Record<string, string> & { DATABASE_URL: string } {
  return {
    DATABASE_URL: path.join(dir, 'bench.sqlite'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '10',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
    BOOKING_SWEEP_SECONDS: '0',
    RETENTION_SWEEP_MINUTES: '0',
    TRIP_HORIZON_DAYS: String(tripDays),
  };
}

/** Signs `users` in over HTTP on `base`, 20 at a time; answers their tokens in the same order. */
export async function signInAll(base: string, users: readonly { username: string; password: string }[]) {
  const signIn = async (u: { username: string; password: string }): Promise<string> => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: u.username, password: u.password }),
    });
    const body = (await res.json()) as { token?: string };
    if (!body.token) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
    return body.token;
  };
  const tokens: string[] = [];
  for (let i = 0; i < users.length; i += 20) tokens.push(...(await Promise.all(users.slice(i, i + 20).map(signIn))));
  return tokens;
}

export interface AgentsJob {
  /** The server processes' addresses; agent n sells through bases[n % bases.length]. */
  bases: string[];
  tokens: string[];
  companyId: number;
  seconds: number;
  /** Each counter starts a sale at most every paceMs (0: the next at once, the server saturated). */
  paceMs?: number;
  warmupSeconds: number;
  trips: BenchTrip[];
}

export interface AgentsResult {
  sold: number;
  latencies: number[];
  elapsed: number;
  failures: string[];
  /** Event-loop utilisation of the clients' thread over the run. */
  busy: number;
  /** CPU ms of the clients' thread over the measured window (Linux; null elsewhere). */
  cpuMs: number | null;
}

/** The p-quantile of sorted values, to two decimals. */
export function quantile(sorted: readonly number[], p: number): number {
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 100) / 100;
}

export interface BenchTrip {
  tripId: number;
  stations: number[];
  seats: string[];
}

export async function sellableTrips(db: Database): Promise<BenchTrip[]> {
  const now = new Date().toISOString();
  const trips = await db
    .selectFrom('trips as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .innerJoin('coach_layouts as l', 'l.coach_id', 't.coach_id')
    .select(['t.id', 'l.layout_key'])
    .where('c.code', '=', 'MEGHNA')
    .where('t.departure_at', '>', new Date(Date.now() + 3 * 3_600_000).toISOString())
    .execute();
  const out: BenchTrip[] = [];
  for (const trip of trips) {
    const stops = await db
      .selectFrom('trip_stops')
      .select('station_id')
      .where('trip_id', '=', trip.id)
      .where('time', '>', now)
      .orderBy('stop_index')
      .execute();
    const layout = SEAT_LAYOUTS[trip.layout_key]?.();
    if (layout)
      out.push({
        tripId: trip.id,
        stations: stops.map((s) => s.station_id),
        seats: seatsOf(layout).map((s) => s.name),
      });
  }
  return out;
}

/** The agents run in a worker thread so the HTTP client does not share the server's event loop. */
export function runAgents(job: AgentsJob): Promise<AgentsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./agents-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (message: AgentsResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}
