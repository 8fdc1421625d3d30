/**
 * The simulated counters, in a worker thread so the HTTP client does not
 * share the server's event loop: each agent picks a random trip, seat and
 * segment, locks it and sells it, until the time is up.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

// Plain JavaScript: Node 20 does not carry --import tsx into worker threads.
// The job and result shapes are AgentsJob and AgentsResult in sell.ts.

// This thread's CPU ms (Linux; null elsewhere): bench:sell takes it out of the process's to give the server's.
const threadCpuMs = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
};

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function run(job) {
  // node:http with keep-alive rather than fetch: the same requests on the wire, but fetch
  // (undici and web streams) spent as much CPU per sale as the server, and this thread
  // shares the 2-core machine with it, so the figure measured the client.
  // An idle socket is let go after 4 s, before the server closes it (KEEP_ALIVE_TIMEOUT_SECONDS, 5): Node 20's agent
  // keeps one for ever without a timeout of its own, and a sale sent on it just as the server closed it was reset
  // (ECONNRESET, one bench:live run of 2026-11-29 ended by it).
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.tokens.length, timeout: 4000 });
  // Agent n talks to server process n mod the number of processes (bench:sell --processes).
  const bases = job.bases.map((b) => new URL(b));
  const post = (url, token, body, base) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path: url,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode, body: JSON.parse(text) });
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const latencies = [];
  const failures = [];
  let sold = 0;
  // The first seconds are a warm-up, run but not counted: JIT compilation, prepared statements,
  // and the trip contexts and fare tables the server loads on each trip's first sale.
  const measureFrom = performance.now() + job.warmupSeconds * 1000;
  const deadline = measureFrom + job.seconds * 1000;
  // With a pace (bench:sell --pace MS) each counter starts a sale at most every MS ms, as a counter
  // serving a queue does: the next one once the last is done and the pace has passed. Without one,
  // each starts the next at once, and the figures are those of a saturated server.
  const pace = job.paceMs ?? 0;
  const counter = async (token, n) => {
    const base = bases[n % bases.length];
    // Paced counters start spread over one pace, not in step.
    let nextStart = performance.now() + Math.random() * pace;
    while (performance.now() < deadline) {
      if (pace > 0) {
        const wait = nextStart - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        nextStart = Math.max(performance.now(), nextStart) + pace;
      }
      const trip = pick(job.trips);
      const seat = pick(trip.seats);
      // Mostly whole routes, some intermediate segments, so overlaps are exercised too.
      const last = trip.stations.length - 1;
      const from = last > 1 && Math.random() < 0.3 ? Math.floor(Math.random() * last) : 0;
      const to = from === 0 && last > 1 && Math.random() < 0.3 ? 1 + Math.floor(Math.random() * (last - 1)) : last;
      const segment = {
        tripId: trip.tripId,
        originStationId: trip.stations[from],
        destinationStationId: trip.stations[to],
      };
      const locked = await post('/api/reservation/seatLock', token, { ...segment, lock: [seat] }, base);
      if (locked.status !== 200) continue;
      const started = performance.now();
      const res = await post(
        '/api/reservation/createReservation',
        token,
        {
          companyId: job.companyId,
          kind: 'SELL',
          ...segment,
          seats: [seat],
          passenger: { phone: `+88017${String(n).padStart(8, '0')}`, name: `Bench passenger ${n}`, countryCode: 'BD' },
        },
        base,
      );
      if (started < measureFrom) continue;
      latencies.push(performance.now() - started);
      if (res.status === 200) sold += 1;
      else if (failures.length < 5) failures.push(JSON.stringify(res.body));
    }
  };
  let idleBefore = null;
  let cpuBefore = null;
  const measuring = setTimeout(() => {
    idleBefore = performance.eventLoopUtilization();
    cpuBefore = threadCpuMs();
  }, job.warmupSeconds * 1000);
  await Promise.all(job.tokens.map((token, i) => counter(token, i)));
  clearTimeout(measuring);
  agent.destroy();
  // How busy this thread was: the clients' share of the machine's two cores.
  const busy = idleBefore ? performance.eventLoopUtilization(idleBefore).utilization : 0;
  const cpuAfter = threadCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { sold, latencies, elapsed: (performance.now() - measureFrom) / 1000, failures, busy, cpuMs };
}

if (parentPort) {
  const port = parentPort;
  run(workerData).then(
    (result) => port.postMessage(result),
    (error) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
