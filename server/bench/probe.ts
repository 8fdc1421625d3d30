/**
 * bench:sell's probe: after the timed run, one counter locks and sells seats one request at a time, so that each
 * request's statements (counted where they leave the pool, db/statement-count.ts) and CPU are its own: the server's
 * (its thread from Fastify's onRequest to onResponse, while the client only waits) and PostgreSQL's (every process
 * of its postmaster, bench/cpu.ts). The timed run gives the CPU per sale under load; this splits it into lock and sale.
 */
import type { FastifyInstance } from 'fastify';
import { statementCount } from '../src/db/statement-count';
import { postgresCpu, postgresCpuSince } from './cpu';
import type { BenchTrip } from './selling';

type Post = (url: string, token: string | null, body: unknown) => Promise<{ status: number; body: unknown }>;

/** Server CPU ms of each request while `on` (process.cpuUsage from onRequest to onResponse), added to `spent`. */
export function serverCpuPerRequest(app: FastifyInstance): { on: boolean; spent: number } {
  const meter = { on: false, spent: 0 };
  const started = new WeakMap<object, NodeJS.CpuUsage>();
  app.addHook('onRequest', async (request) => {
    if (meter.on) started.set(request, process.cpuUsage());
  });
  app.addHook('onResponse', async (request) => {
    const before = started.get(request);
    if (!meter.on || before === undefined) return;
    const used = process.cpuUsage(before);
    meter.spent += (used.user + used.system) / 1000;
  });
  return meter;
}

export interface StepFigures {
  statements: number;
  serverCpuMs: number;
  databaseCpuMs: number | null;
}

export interface ProbeFigures {
  lock: StepFigures;
  sale: StepFigures;
  pairs: number;
  /** One lock's and one sale's statements (BENCH_VERBOSE). */
  texts?: { lock: string[]; sale: string[] };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** `pairs` seat locks, each followed by its sale, one request at a time; the mean figures of each. */
export async function probeLockAndSale(options: {
  post: Post;
  token: string;
  companyId: number;
  trips: BenchTrip[];
  meter: { on: boolean; spent: number };
  postmaster: number | null;
  pairs?: number;
  keepTexts?: boolean;
}): Promise<ProbeFigures> {
  const { post, token, companyId, trips, meter, postmaster } = options;
  const pairs = options.pairs ?? 40;
  // The probe sells on a few trips, each first warmed by a pair not counted (the trip's context, fares and names
  // cached), as a counter's sales are: the figures are those of warm sales, not of the caches' first reads.
  const probeTrips = trips.slice(0, 4);
  const warmPairs = probeTrips.length;
  const total = { lock: { statements: 0, server: 0, db: 0 }, sale: { statements: 0, server: 0, db: 0 } };
  const texts: { lock: string[]; sale: string[] } = { lock: [], sale: [] };
  const step = async (kind: 'lock' | 'sale', url: string, body: unknown, keep: boolean) => {
    const statements = statementCount.sent;
    const server = meter.spent;
    const db = postmaster === null ? null : postgresCpu(postmaster);
    if (keep) statementCount.texts = [];
    const res = await post(url, token, body);
    if (keep && statementCount.texts) texts[kind] = statementCount.texts;
    statementCount.texts = null;
    if (res.status !== 200) return false;
    total[kind].statements += statementCount.sent - statements;
    total[kind].server += meter.spent - server;
    total[kind].db += postmaster === null || db === null ? 0 : postgresCpuSince(db, postgresCpu(postmaster));
    return true;
  };
  meter.on = true;
  let done = 0;
  let warmed = 0;
  for (let attempt = 0; done < pairs && attempt < pairs * 20; attempt++) {
    const warming = warmed < warmPairs;
    const trip = probeTrips[warming ? warmed : attempt % probeTrips.length]!;
    const seat = trip.seats[Math.floor(Math.random() * trip.seats.length)]!;
    const segment = {
      tripId: trip.tripId,
      originStationId: trip.stations[0],
      destinationStationId: trip.stations[trip.stations.length - 1],
    };
    // The first pair warms nothing up any more (the timed run did); its texts are the ones listed.
    const keep = Boolean(options.keepTexts) && done === 0 && !warming;
    const before = JSON.stringify(total);
    if (!(await step('lock', '/api/reservation/seatLock', { ...segment, lock: [seat] }, keep))) continue;
    const sold = await step(
      'sale',
      '/api/reservation/createReservation',
      {
        companyId,
        kind: 'SELL',
        ...segment,
        seats: [seat],
        passenger: { phone: '+8801700000000', name: 'Bench probe', countryCode: 'BD' },
      },
      keep,
    );
    if (!sold) throw new Error('the probe could not sell a seat it had locked');
    if (warming) {
      Object.assign(total, JSON.parse(before) as typeof total);
      warmed += 1;
      continue;
    }
    done += 1;
  }
  meter.on = false;
  if (done === 0) throw new Error('the probe found no seat to lock');
  const figures = (t: { statements: number; server: number; db: number }): StepFigures => ({
    statements: round(t.statements / done),
    serverCpuMs: round(t.server / done),
    databaseCpuMs: postmaster === null ? null : round(t.db / done),
  });
  return {
    lock: figures(total.lock),
    sale: figures(total.sale),
    pairs: done,
    ...(options.keepTexts ? { texts } : {}),
  };
}
