/**
 * The report users and the light probe of bench:mixed (mixed.ts), in a
 * worker thread so the HTTP client does not share the server's event loop:
 * each user downloads the 50,000-row reservation history as a PDF, then as
 * an XLSX, and again, until the time is up; the probe asks GET /api/health
 * every few milliseconds, one at a time, and times each answer: how long a
 * light request waited.
 *
 * Plain JavaScript: Node 20 does not carry --import tsx into worker threads.
 * The job and result shapes are MixedJob and MixedResult in mixed.ts.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

function request(agent, base, method, path, token, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
    };
    const req = http.request({ agent, host: base.hostname, port: base.port, path, method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function run(job) {
  const base = new URL(job.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.reportTokens.length + 1 });
  // The probe's own socket: never queued behind a download on a shared one.
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const measureFrom = performance.now() + job.warmupSeconds * 1000;
  const deadline = measureFrom + job.seconds * 1000;
  const downloads = [];
  const failures = [];
  const user = async (token, i) => {
    // Users start a little apart, as people do.
    await sleep(i * 250);
    let n = i;
    while (performance.now() < deadline) {
      const format = n++ % 2 === 0 ? 'pdf' : 'xlsx';
      const started = performance.now();
      const res = await request(agent, base, 'POST', `/api/reports/reservationHistory?format=${format}`, token, {
        companyId: job.companyId,
        fromDate: job.fromDate,
        toDate: job.toDate,
        page: 1,
        pageSize: 50,
      });
      if (res.status !== 200 && failures.length < 5) failures.push(`${format}: ${res.status}`);
      downloads.push({
        format,
        ms: performance.now() - started,
        bytes: res.bytes,
        status: res.status,
        counted: started >= measureFrom,
      });
    }
  };
  const light = [];
  const probe = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await request(probeAgent, base, 'GET', '/api/health');
      if (started >= measureFrom) light.push(performance.now() - started);
      await sleep(job.probeIntervalMs);
    }
  };
  await Promise.all([...job.reportTokens.map((token, i) => user(token, i)), probe()]);
  agent.destroy();
  probeAgent.destroy();
  return { downloads, light, failures };
}

if (parentPort) {
  const port = parentPort;
  run(workerData).then(
    (result) => port.postMessage(result),
    (error) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
