import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { databaseTroubleOf } from '../../src/db/database-trouble';
import { ReportPool } from '../../src/modules/reports/pool';
import { collectRows, pageOf } from '../../src/modules/reports/row-stream';
import { D1, D2, knownTrade, type KnownTrade } from './known-trade';

/**
 * Reports in worker threads (issue #14): the same answers as on the server's
 * thread, on a worker's own read-only connection to the same database file,
 * with the request's "now" (here a test clock months from the wall clock).
 */
describe('report workers', () => {
  let k: KnownTrade;
  let inline: FastifyInstance;

  beforeAll(async () => {
    k = await knownTrade({ REPORT_WORKERS: '2' });
    // A second app on the same database and clock whose reports run on its own thread.
    inline = await buildApp({
      config: { ...k.t.config, reports: { ...k.t.config.reports, workers: 0 } },
      db: k.t.db,
      clock: k.t.clock,
    });
  });
  afterAll(async () => {
    await inline.close();
    await k.t.close();
  });

  const call = async (
    app: FastifyInstance,
    method: 'GET' | 'POST',
    path: string,
    format: string,
    body?: Record<string, unknown>,
  ) => {
    const res = await app.inject({
      method,
      url: `/api/reports/${path}?format=${format}`,
      headers: { authorization: `Bearer ${k.agent}` },
      ...(body ? { payload: body } : {}),
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      disposition: res.headers['content-disposition'],
      body: res.rawPayload,
    };
  };

  const reports = (): [method: 'GET' | 'POST', path: string, body?: Record<string, unknown>][] => [
    ['GET', `userSalesSummary/${k.companyId}/${D1}/${D2}`],
    ['GET', `userSalesDetails/${k.companyId}/${D1}`],
    ['GET', `outletSales/${k.companyId}/${D1}/${D2}`],
    ['GET', `outletSalesByDateRange/${k.companyId}/${k.outletId}/${D1}/${D2}`],
    ['GET', `outletSalesDetails/${k.companyId}/${D1}/${D2}`],
    ['GET', `omittedTripsReservationDetails/${k.companyId}/0/${D1}/2026-02-15`],
    ['POST', 'reservationDetails', { companyId: k.companyId, fromDate: D1, toDate: D2, page: 1, pageSize: 2 }],
    ['POST', 'reservationHistory', { companyId: k.companyId, fromDate: D1, toDate: D2, page: 2, pageSize: 3 }],
    // Refusals cross from the worker as the same reason and details.
    ['GET', `outletSalesByDateRange/${k.companyId}/999999/${D1}/${D2}`],
    ['POST', 'reservationHistory', { companyId: k.companyId, fromDate: D2, toDate: D1, page: 1, pageSize: 3 }],
  ];

  it('every report answers the same JSON (header time included) in a worker as on the server’s thread', async () => {
    for (const [method, path, body] of reports()) {
      const [a, b] = [await call(k.t.app, method, path, 'json', body), await call(inline, method, path, 'json', body)];
      expect([a.status, a.type, a.body.toString()], path).toEqual([b.status, b.type, b.body.toString()]);
    }
    const summary = JSON.parse(
      (await call(k.t.app, 'GET', `userSalesSummary/${k.companyId}/${D1}/${D2}`, 'json')).body.toString(),
    );
    expect(summary.header.generatedAt).toBe(k.t.clock.now().toISOString());
  });

  it('files come whole from the worker with the same headers and a like size', async () => {
    for (const format of ['pdf', 'xlsx']) {
      for (const [method, path, body] of reports().slice(0, 8)) {
        const [a, b] = [
          await call(k.t.app, method, path, format, body),
          await call(inline, method, path, format, body),
        ];
        expect([a.status, a.type, a.disposition], `${format} ${path}`).toEqual([b.status, b.type, b.disposition]);
        expect(a.status).toBe(200);
        // PDFs and XLSX carry their creation time, so the bytes differ by a few.
        expect(Math.abs(a.body.length - b.body.length), `${format} ${path}`).toBeLessThan(64);
      }
    }
  });

  /** A user-sales summary for the demo agent, as a route hands it to the pool. */
  const salesSummaryJob = async () => {
    const user = await k.t.db.selectFrom('users').selectAll().where('username', '=', 'agent').executeTakeFirstOrThrow();
    const principal = {
      sessionId: 0,
      userId: user.id,
      username: 'agent',
      agentId: user.agent_id,
      outletId: user.outlet_id,
      companyIds: [k.companyId],
      permissions: new Set<never>(),
    };
    return {
      name: 'userSalesSummary' as const,
      principal,
      input: { companyId: k.companyId, fromDate: D1, toDate: D2 },
      format: 'json' as const,
      lang: 'en' as const,
      now: '2030-05-05T05:05:05.000Z',
    };
  };

  it('a pool starts threads only as reports need them, and stops them on close', async () => {
    if (k.t.config.database.kind === 'memory') throw new Error('the test database is shared');
    const pool = new ReportPool(k.t.config.database, k.t.config, 2);
    expect(pool.threads).toBe(0);
    const job = await salesSummaryJob();
    const done = await pool.run(job);
    expect(pool.threads).toBe(1);
    expect(JSON.parse((done as { json: string }).json)).toMatchObject({
      header: { generatedAt: '2030-05-05T05:05:05.000Z' },
    });
    // Three at once: two threads, the third waits for one.
    const three = await Promise.all([
      pool.run(job),
      pool.run({ ...job, format: 'xlsx' }),
      pool.run({ ...job, format: 'pdf' }),
    ]);
    expect(pool.threads).toBe(2);
    const heads = await Promise.all(
      three.map(async (d) => ('file' in d ? (await buffer(d.file)).subarray(0, 4).toString('latin1') : 'json')),
    );
    expect(heads).toEqual(['json', 'PK\u0003\u0004', '%PDF']);
    await pool.close();
    expect(pool.threads).toBe(0);
  });

  it('a worker whose PostgreSQL database cannot be reached fails its report as DATABASE_UNAVAILABLE, and the pool serves on', async () => {
    // Port 1 on the loopback: nothing listens there, so every connection is refused.
    const pool = new ReportPool({ kind: 'postgres', url: 'postgres://portal@127.0.0.1:1/gone' }, k.t.config, 1);
    try {
      const job = await salesSummaryJob();
      for (let i = 0; i < 2; i++) {
        const failed = await pool.run(job).then(
          () => null,
          (error: unknown) => error,
        );
        expect(databaseTroubleOf(failed)).toBe('DATABASE_UNAVAILABLE');
      }
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('a file’s page is read in chunks that join up exactly, as it is taken, and never past the rows counted', async () => {
    const all = Array.from({ length: 5_001 }, (_, i) => i);
    const reads: [number, number][] = [];
    const read = async (limit: number, offset: number) => {
      reads.push([limit, offset]);
      return all.slice(offset, offset + limit);
    };
    const page = pageOf({ start: 0, pageSize: 5_000, matched: 5_001 }, read);
    expect(page.count).toBe(5_000);
    expect(reads).toEqual([]);
    expect(await collectRows(page)).toEqual(all.slice(0, 5_000));
    expect(reads).toEqual([
      [2_000, 0],
      [2_000, 2_000],
      [1_000, 4_000],
    ]);
    expect(await collectRows(pageOf({ start: 3_000, pageSize: 3_000, matched: 5_001 }, read))).toEqual(
      all.slice(3_000),
    );
    expect(await collectRows(pageOf({ start: 100, pageSize: 50, matched: Infinity }, read))).toEqual(
      all.slice(100, 150),
    );
    // Rows committed after the totals counted 4,100 are not in the file, whose totals row does not count them.
    const counted = pageOf({ start: 0, pageSize: 50_000, matched: 4_100 }, read);
    expect(counted.count).toBe(4_100);
    expect(await collectRows(counted)).toEqual(all.slice(0, 4_100));
  });
});
