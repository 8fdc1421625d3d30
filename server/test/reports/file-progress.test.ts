/**
 * Issue #34: a file download tells its progress and can be cancelled while
 * it streams. The worker sends the file in pieces as it renders it; a
 * download named ?job= answers its rows done of rows to do at
 * GET /api/reports/files/:job/progress (to its own user only); a client that
 * hangs up after the first bytes (the portal's Cancel aborts its request)
 * stops the worker that was still making the file.
 *
 * Real HTTP and one real report worker, held after the file's first piece
 * (ReportPool's test hold, Atomics.wait: the thread busy as with a long
 * file) until the test lets it go: every step waits for a state, never for
 * time.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ReportPool } from '../../src/modules/reports/pool';
import { D1, D2, REPORT_PERMISSIONS } from './known-trade';
import { makeUser, sellingContext, type Ctx } from '../selling/fixtures';

const PADMA = 1;
const REPORT = `/api/reports/userSalesSummary/${PADMA}/${D1}/${D2}`;

/** Resolves once `condition` holds (a state the server reaches), checked every few ms; fails after 40 s. */
async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 8000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never reached: ${what}`);
}

describe('report files: progress while a file streams, and Cancel stops its worker', () => {
  let t: Ctx;
  let app: FastifyInstance;
  let pool: ReportPool;
  let port = 0;
  const hold = new Int32Array(new SharedArrayBuffer(4));
  const letGo = () => {
    Atomics.store(hold, 0, 1);
    Atomics.notify(hold, 0);
  };

  beforeAll(async () => {
    t = await sellingContext();
    if (t.config.database.kind === 'memory') throw new Error('report workers need a shared database');
    pool = new ReportPool(t.config.database, t.config, 1, { hold });
    app = await buildApp({ config: t.config, db: t.db, clock: t.clock, reportPool: pool });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    letGo();
    await app?.close();
    await t?.close();
  });

  /** A download over its own connection: resolves `headers` with the status once the answer starts. */
  const download = (token: string, path: string) => {
    let hangUp = () => undefined as void;
    const started = new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` }, agent: false },
        (res) => {
          res.on('data', () => undefined);
          res.on('error', () => undefined);
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error) => reject(error));
      hangUp = () => req.destroy();
      req.end();
    });
    started.catch(() => undefined);
    return { started, hangUp: () => hangUp() };
  };

  const progressOf = async (token: string, job: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/reports/files/${job}/progress`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { state: string; rowsDone: number; rowsTotal: number | null };
  };

  it('says rows done of rows to do to its own user; a hang-up after the first bytes stops the worker', async () => {
    const agent = await t.login('agent');
    const other = await makeUser(t, 'progress-reader', REPORT_PERMISSIONS);
    const rows = (
      (
        await app.inject({ method: 'GET', url: `${REPORT}?format=json`, headers: { authorization: `Bearer ${agent}` } })
      ).json() as { rows: unknown[] }
    ).rows.length;
    const job = 'test-job-0001';
    // Not started yet: waiting, nothing known.
    expect(await progressOf(agent, job)).toEqual({ state: 'waiting', rowsDone: 0, rowsTotal: null });

    const d = download(agent, `${REPORT}?format=pdf&job=${job}`);
    // The answer has started (the first piece came) while the worker still holds the rest.
    expect(await d.started).toBe(200);
    await until('the progress says making', async () => (await progressOf(agent, job)).state === 'making');
    expect(await progressOf(agent, job)).toMatchObject({ state: 'making', rowsTotal: rows });
    // Another user asking the same name learns nothing of it.
    expect(await progressOf(other, job)).toEqual({ state: 'waiting', rowsDone: 0, rowsTotal: null });
    expect(pool.stats()).toMatchObject({ running: 1, stopped: 0, cancelled: 0 });

    // Cancel: the connection closes; the worker still making the file is stopped, and the job is forgotten.
    d.hangUp();
    await until('the worker stopped', () => pool.stats().stopped === 1);
    // Answered: the JSON asked above; the cancelled file never is.
    expect(pool.stats()).toMatchObject({ running: 0, cancelled: 1, answered: 1 });
    expect(pool.threads).toBe(0);
    await until('the job forgotten', async () => (await progressOf(agent, job)).rowsTotal === null);

    // A bad name is refused with the usual validation answer.
    const bad = await app.inject({
      method: 'GET',
      url: '/api/reports/files/x/progress',
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(bad.statusCode).toBe(400);

    // Let go, the next download is made whole by a new worker, and its progress is forgotten once it is sent.
    letGo();
    const whole = await app.inject({
      method: 'GET',
      url: `${REPORT}?format=xlsx&job=test-job-0002`,
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(await progressOf(agent, 'test-job-0002')).toEqual({ state: 'waiting', rowsDone: 0, rowsTotal: null });
    expect(pool.stats()).toMatchObject({ running: 0, stopped: 1, answered: 2 });
  }, 90_000);
});
