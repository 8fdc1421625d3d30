import { connect, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './helpers';

/** Resolves when the server closes the connection: what it sent, and after how long. */
function whenClosed(socket: Socket): Promise<{ received: string; afterMs: number }> {
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  return new Promise((resolve) => {
    socket.on('close', () => resolve({ received, afterMs: Date.now() - started }));
    socket.on('error', () => undefined);
  });
}

describe('server timeouts against slow clients', () => {
  let t: TestContext;
  let port = 0;
  const sockets: Socket[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];

  beforeAll(async () => {
    t = await createTestContext({
      env: {
        HEADERS_TIMEOUT_SECONDS: '1',
        REQUEST_TIMEOUT_SECONDS: '2',
        KEEP_ALIVE_TIMEOUT_SECONDS: '1',
        CONNECTION_IDLE_TIMEOUT_SECONDS: '3',
      },
    });
    // A download that streams for longer than the request timeout, a chunk every 400 ms (like a long report).
    t.app.get('/api/test/slow-download', (_req, reply) =>
      reply.header('content-type', 'application/pdf').send(
        Readable.from(
          (async function* () {
            for (let i = 0; i < 7; i++) {
              await sleep(400);
              yield Buffer.from(`page ${i}\n`);
            }
          })(),
        ),
      ),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    await t.close();
  });

  const open = () => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    return socket;
  };
  /** Sends one more header line every 200 ms, never the blank line that ends them. */
  const trickle = (socket: Socket, lines: () => string) => {
    const timer = setInterval(() => socket.writable && socket.write(lines()), 200);
    timers.push(timer);
    return timer;
  };

  it('cuts off a client that sends its headers too slowly (slowloris)', async () => {
    const socket = open();
    const closed = whenClosed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    let n = 0;
    const timer = trickle(socket, () => `X-Slow-${n++}: a\r\n`);
    const { received, afterMs } = await closed;
    clearInterval(timer);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // The 1 s limit, checked once a second: cut within about 2 s, however long the client keeps trickling.
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(3500);
  }, 10_000);

  it('cuts off a client whose body never finishes arriving', async () => {
    const socket = open();
    const closed = whenClosed(socket);
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"',
    );
    const timer = trickle(socket, () => 'a');
    const { received, afterMs } = await closed;
    clearInterval(timer);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(1900);
    expect(afterMs).toBeLessThan(4500);
  }, 10_000);

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const socket = open();
    const closed = whenClosed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toMatch(/keep-alive: timeout=1/i);
    expect(afterMs).toBeLessThan(3000);
  }, 10_000);

  it('a normal request is untouched, and an answer may stream for longer than the request timeout', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const started = Date.now();
    const download = await fetch(`http://127.0.0.1:${port}/api/test/slow-download`);
    const body = await download.text();
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect(body.trim().split('\n')).toHaveLength(7);
  }, 10_000);
});

describe('timeout settings', () => {
  it('defaults: request 30 s, headers 10 s, keep-alive 5 s, idle connection 120 s', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      connectionIdleTimeoutMs: 120_000,
    });
  });

  it('refuses a headers timeout longer than the request timeout, and zero or junk', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(
      /^HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(
      /^REQUEST_TIMEOUT_SECONDS: must be a whole number/,
    );
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: 'soon' })).toThrow(/^KEEP_ALIVE_TIMEOUT_SECONDS: /);
  });
});
