/**
 * bench:live's stream clients, in a process of their own (so the server's memory and event loop are its own): opens
 * STREAMS live streams over plain node:http, each following one trip, and notes when each `trip` event arrives.
 * Plain JavaScript, forked by live.ts; talks to it over the IPC channel:
 *   in  {bases, tokens, tripIds, streams} → out {ready: n} once every stream follows its trip (stream j on
 *                                           bases[j % bases.length]: several server processes on one database;
 *                                           with the token tokens[j % tokens.length]: its session's);
 *   in  'close'                           → out {closed: n} once every stream is cut (the bench's phases without
 *                                           streams between those with them); the next {bases, ...} opens them again;
 *   in  'stop'                            → out {arrivals: [[tripId, version, atMs], ...], opened, ended}.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const arrivals = [];
let ended = 0;
/** The open streams' requests, to cut on 'close'. */
let requests = [];
const now = () => performance.timeOrigin + performance.now();

function put(base, token, streamId, tripIds) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ tripIds });
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: `/api/live/streams/${streamId}/trips`,
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT trips ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function open(base, token, tripId) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: '/api/live/stream',
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        let hello = false;
        res.on('data', (chunk) => {
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith('event: trip\n')) {
              const at = now();
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
              arrivals.push([data.tripId, data.version, at]);
            } else if (!hello && block.startsWith('event: hello\n')) {
              hello = true;
              const { streamId } = JSON.parse(block.slice(block.indexOf('data: ') + 6));
              put(base, token, streamId, [tripId]).then(resolve, reject);
            }
          }
        });
        res.on('end', () => ended++);
        res.on('error', () => undefined);
      },
    );
    requests.push(req);
    req.on('error', reject);
  });
}

process.on('message', async (message) => {
  if (message === 'close') {
    const cut = requests;
    requests = [];
    for (const req of cut) req.destroy();
    process.send({ closed: cut.length });
    return;
  }
  if (message === 'stop') {
    // Exits once the report is sent: the arrivals of a long run are megabytes, more than a moment's IPC.
    process.send({ arrivals, ended }, () => process.exit(0));
    return;
  }
  // One server (base) or several on one database (bases): stream j on bases[j % bases.length].
  const { base, bases = [base], tokens, tripIds, streams } = message;
  const urls = bases.map((b) => new URL(b));
  for (let i = 0; i < streams; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(streams, i + 100); j++)
      batch.push(open(urls[j % urls.length], tokens[j % tokens.length], tripIds[j % tripIds.length]));
    await Promise.all(batch);
  }
  process.send({ ready: streams });
});
