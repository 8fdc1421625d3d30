/**
 * The simulated counters, in a worker thread so the HTTP client does not
 * share the server's event loop: each agent picks a random trip, seat and
 * segment, locks it and sells it, until the time is up.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

// Plain JavaScript: Node 20 does not carry --import tsx into worker threads.
// The job and result shapes are AgentsJob and AgentsResult in sell.ts.

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function run(job) {
  const post = async (url, token, body) => {
    const res = await fetch(job.base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const latencies = [];
  const failures = [];
  let sold = 0;
  const deadline = performance.now() + job.seconds * 1000;
  const agent = async (token, n) => {
    while (performance.now() < deadline) {
      const trip = pick(job.trips);
      const seat = pick(trip.seats);
      // Mostly whole routes, some intermediate segments, so overlaps are exercised too.
      const last = trip.stations.length - 1;
      const from = last > 1 && Math.random() < 0.3 ? Math.floor(Math.random() * last) : 0;
      const to = from === 0 && last > 1 && Math.random() < 0.3 ? 1 + Math.floor(Math.random() * (last - 1)) : last;
      const segment = { tripId: trip.tripId, originStationId: trip.stations[from], destinationStationId: trip.stations[to] };
      const locked = await post('/api/reservation/seatLock', token, { ...segment, lock: [seat] });
      if (locked.status !== 200) continue;
      const started = performance.now();
      const res = await post('/api/reservation/createReservation', token, {
        companyId: job.companyId,
        kind: 'SELL',
        ...segment,
        seats: [seat],
        passenger: { phone: `+88017${String(n).padStart(8, '0')}`, name: `Bench passenger ${n}`, countryCode: 'BD' },
      });
      latencies.push(performance.now() - started);
      if (res.status === 200) sold += 1;
      else if (failures.length < 5) failures.push(JSON.stringify(res.body));
    }
  };
  const began = performance.now();
  await Promise.all(job.tokens.map((token, i) => agent(token, i)));
  return { sold, latencies, elapsed: (performance.now() - began) / 1000, failures };
}

if (parentPort) {
  const port = parentPort;
  run(workerData).then(
    (result) => port.postMessage(result),
    (error) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
