/**
 * Issue #32, item 8, written as a user with a script would try it: one user
 * fires ten PDF downloads at once to hold the report workers. At most two of
 * a user's files are made at a time and four wait (REPORT_FILES_RUNNING_PER_USER,
 * REPORT_FILES_WAITING_PER_USER); the rest answer 429 REPORT_QUEUE_FULL at once.
 * Another user's download is taken meanwhile and served before the first
 * user's waiting ones. A download whose client hangs up is cancelled: a
 * waiting one leaves the line, a queued one leaves the workers' queue, and one
 * a worker is rendering stops that worker, so nobody renders a file for no one.
 *
 * Real HTTP (a closed connection is what "the client has gone" is) and one
 * real report worker that holds each job at a gate (ReportPool's test gate,
 * Atomics.wait: the thread busy as with a long file) until the test opens it:
 * every step waits for a state, never for time.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ReportPool } from '../../src/modules/reports/pool';
import { userId } from '../helpers';
import { D1, D2, REPORT_PERMISSIONS } from '../reports/known-trade';
import { makeUser, sellingContext, type Ctx } from '../selling/fixtures';

const PADMA = 1;
const PDF = `/api/reports/userSalesSummary/${PADMA}/${D1}/${D2}?format=pdf`;

type Answer = { status: number; body: Buffer };

/** Resolves once `condition` holds (a state the server reaches), checked every few ms; fails after 40 s. */
async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 8000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never reached: ${what}`);
}

describe('report files: a fair share per user, and a file nobody waits for is cancelled', () => {
  let t: Ctx;
  let app: FastifyInstance;
  let pool: ReportPool;
  let port = 0;
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const open = () => {
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
  };

  beforeAll(async () => {
    t = await sellingContext();
    if (t.config.database.kind === 'memory') throw new Error('report workers need a shared database');
    pool = new ReportPool(t.config.database, t.config, 1, { gate });
    app = await buildApp({ config: t.config, db: t.db, clock: t.clock, reportPool: pool });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    open();
    await app?.close();
    await t.close();
  });

  /** A download over its own connection; abort() hangs up (the connection closes). */
  const download = (token: string) => {
    let abort = () => undefined as void;
    const done = new Promise<Answer | 'hung up'>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: PDF, headers: { authorization: `Bearer ${token}` }, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', () => resolve('hung up'));
      abort = () => req.destroy();
      req.end();
    });
    return { done, abort: () => abort() };
  };

  it('10 at once: 2 made, 4 waiting, 4 refused 429 REPORT_QUEUE_FULL; another user still gets in; hang-ups are cancelled', async () => {
    const agent = await t.login('agent');
    const other = await makeUser(t, 'report-reader', REPORT_PERMISSIONS);
    const [me, them] = [await userId(t.db, 'agent'), await userId(t.db, 'report-reader')];
    const files = app.reportFiles;
    const finished: string[] = [];
    const fire = (token: string, name: string) => {
      const d = download(token);
      void d.done.then((a) => finished.push(`${name}:${a === 'hung up' ? a : a.status}`));
      return d;
    };

    // The first is at the worker, held at the gate; the second in the workers' queue; four wait in the user's line.
    const a1 = fire(agent, 'a1');
    await until('a1 on the worker', () => pool.stats().running === 1);
    const a2 = fire(agent, 'a2');
    await until('a2 in the workers’ queue', () => pool.stats().queued === 1);
    const waiting = ['a3', 'a4', 'a5', 'a6'].map((name) => ({ name, ...fire(agent, name) }));
    await until('four in the user’s line', () => files.countOf(me).waiting === 4);
    expect(files.countOf(me)).toEqual({ running: 2, waiting: 4 });

    // Four more: refused at once, with the reason, while the six are still held.
    const refused = await Promise.all(['a7', 'a8', 'a9', 'a10'].map((name) => fire(agent, name).done));
    for (const r of refused) {
      expect(r).not.toBe('hung up');
      const answer = r as Answer;
      expect(answer.status).toBe(429);
      expect(JSON.parse(answer.body.toString())).toMatchObject({
        reason: 'REPORT_QUEUE_FULL',
        details: { running: 2, waiting: 4 },
      });
    }
    expect(files.countOf(me)).toEqual({ running: 2, waiting: 4 });

    // Another user is not behind the first one's line: taken at once, into the workers' queue.
    const b1 = fire(other, 'b1');
    await until('b1 in the workers’ queue', () => files.countOf(them).running === 1 && pool.stats().queued === 2);

    // A waiting download hung up: it leaves the line, and its place is free for the next one.
    waiting[0]!.abort();
    await until('a3 out of the line', () => files.countOf(me).waiting === 3);
    const a11 = fire(agent, 'a11');
    await until('a11 in the line', () => files.countOf(me).waiting === 4);

    // One in the workers' queue hung up: it leaves that queue (nothing stopped), and a4 takes its running place.
    a2.abort();
    await until('a2 cancelled', () => pool.stats().cancelled === 1);
    await until('a4 in the workers’ queue', () => files.countOf(me).waiting === 3 && pool.stats().queued === 2);
    expect(pool.stats()).toMatchObject({ running: 1, stopped: 0 });

    // The one the worker is rendering hung up: that worker is stopped, and a fresh one takes the next report (b1).
    a1.abort();
    await until('a1 cancelled, its worker stopped', () => pool.stats().cancelled === 2 && pool.stats().stopped === 1);
    // a5 takes the running place a1 left: the workers' queue holds a4 and a5.
    await until('b1 on a new worker', () => pool.stats().running === 1 && pool.stats().queued === 2);
    expect(files.countOf(me)).toEqual({ running: 2, waiting: 2 });

    // Let them run: every file still wanted is made (b1 first, before the first user's waiting ones), no other.
    open();
    const served = await Promise.all([b1, ...waiting.slice(1), a11].map((d) => d.done));
    for (const s of served) {
      expect(s).not.toBe('hung up');
      expect((s as Answer).status).toBe(200);
      expect((s as Answer).body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
    expect(finished.filter((f) => f.endsWith(':200'))[0]).toBe('b1:200');
    expect(pool.stats()).toMatchObject({ queued: 0, running: 0, cancelled: 2, stopped: 1, answered: 5 });
    expect(files.countOf(me)).toEqual({ running: 0, waiting: 0 });
    expect(files.countOf(them)).toEqual({ running: 0, waiting: 0 });
    expect((await fire(agent, 'a12').done) as Answer).toMatchObject({ status: 200 });
    // Two worker threads start here (one was stopped) and render six files: slow on a loaded machine, not luck.
  }, 90_000);
});
