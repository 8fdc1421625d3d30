/**
 * The compiled server (`npm run build:server`, scripts/build-server.mjs) is what production runs with `node`: no tsx,
 * no TypeScript compiler at run time (issue #34). Built here into a folder of this engine's own (the two engines'
 * projects run at once), started with node on a prepared database, it answers /api/health, serves its docs, signs
 * in, renders a PDF in its report worker thread and writes a live stream's events from its fan-out process (both run
 * from the compiled output too), and stops on SIGTERM with a stream open, its fan-out process with it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf } from '../bench/memory';
import { startServerProcess, type ServerProcess } from '../bench/server-process';
import { SERVER_DIR } from '../src/config';
import { SERVER_VERSION } from '../src/lib/version';
import { createTestContext, databaseUrlOf, ENGINE, PASSWORDS, testEnv, type TestContext } from './helpers';
import { follow, LiveClient } from './live/live-client';
import { findTrip, seg } from './selling/fixtures';

const OUT = `dist-test-${ENGINE}`;
const BUILD = path.join(SERVER_DIR, OUT);

describe(`the compiled server on ${ENGINE}`, () => {
  let t: TestContext;
  let server: ServerProcess;
  let stderr = '';

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(SERVER_DIR, '..', 'scripts', 'build-server.mjs'), '--outdir', OUT], {
      stdio: 'pipe',
    });
    t = await createTestContext();
    server = await startServerProcess(
      testEnv(t.dir, {
        DATABASE_URL: databaseUrlOf(t.config),
        FIXED_NOW: t.clock.now().toISOString(),
        BOOKING_SWEEP_SECONDS: '0',
        REPORT_WORKERS: '1',
      }),
      { compiled: path.join(BUILD, 'main.mjs') },
    );
    server.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A build and a process start: seconds on a quiet machine, more on a loaded one than the default hook's minute.
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    rmSync(BUILD, { recursive: true, force: true });
  });

  it('is plain JavaScript: the entries, both worker threads and the fan-out process, nothing for tsx', () => {
    for (const file of ['main.mjs', 'cli.mjs', 'report-worker.mjs', 'checkpoint-worker.mjs', 'fanout-child.mjs'])
      expect(existsSync(path.join(BUILD, file)), file).toBe(true);
  });

  it('answers /api/health with its version', async () => {
    const res = await fetch(`${server.base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, version: SERVER_VERSION });
  });

  // The npm packages are bundled into it, but for those reading files from their own folders (the docs page's).
  it('serves the API description and the docs page, a bad sign-in answered with its reason', async () => {
    const description = await fetch(`${server.base}/docs/json`);
    expect(description.status).toBe(200);
    expect(((await description.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const page = await fetch(`${server.base}/docs/static/index.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const wrong = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'agent' }),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { reason: string }).reason).toBe('VALIDATION_FAILED');
  });

  const signIn = async () => {
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'agent', password: PASSWORDS.agent }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { token: string }).token;
  };

  it("writes a live stream's events from its fan-out process (LIVE_FANOUT=process, the default)", async () => {
    const token = await signIn();
    const stream = await LiveClient.open(server.base, token);
    expect(stream.status).toBe(200);
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    expect((await follow(server.base, token, stream.streamId, [trip.tripId])).status).toBe(200);
    const res = await fetch(`${server.base}/api/reservation/seatLock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...seg(trip), lock: ['A1'] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await stream.waitFor((e) => e.name === 'trip')).data.seats[0]).toMatchObject({
      seat: 'A1',
      state: 'LOCKED',
    });
    // Written by a process the server started: its fan-out process, run from the compiled output.
    expect(descendantsOf(server.child.pid!).length).toBeGreaterThan(0);
    stream.close();
  });

  it('renders a report file in its worker thread', async () => {
    const token = await signIn();
    const company = await t.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
    const day = t.clock.now().toISOString().slice(0, 10);
    const res = await fetch(`${server.base}/api/reports/userSalesSummary/${company.id}/${day}/${day}?format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // A worker that could not load (the checkpointer's says so on stderr) would have been said by now.
    expect(stderr).not.toMatch(/Background checkpoints stopped|Cannot find module|ERR_/);
  });

  // Last: it stops the server.
  it('stops on SIGTERM with a live stream open: the stream ends, the server exits 0 and its fan-out process too', async () => {
    const stream = await LiveClient.open(server.base, await signIn());
    expect(stream.status).toBe(200);
    const fanout = descendantsOf(server.child.pid!);
    expect(fanout.length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await stream.waitForEnd();
    expect(await exited).toBe(0);
    const running = (pid: number) => {
      try {
        return process.kill(pid, 0);
      } catch {
        return false;
      }
    };
    // Gone within moments of its server (the server waits for its word); the test's time-out bounds the wait.
    while (fanout.some(running)) await new Promise((r) => setTimeout(r, 20));
  });
});
