/**
 * SQLite has one writer at a time. While another process holds the write lock
 * (an operator's command, a backup tool, sqlite3 left open inside a
 * transaction) the server's writes wait for it without holding the server's
 * thread: everything else goes on being answered. Past the wait (5 s) a sale
 * answers 503 DATABASE_BUSY, saves nothing, and can be sent again: never a
 * 500, never a half-written sale.
 */
import SQLite from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, databaseUrlOf } from '../helpers';
import { balanceOf, create, findTrip, lock, saleBody, sellingContext, type Ctx } from './fixtures';

describe.skipIf(ENGINE !== 'sqlite')('the SQLite file held by another writer', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a sale answers DATABASE_BUSY after the busy timeout, saves nothing, and is sold when sent again', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);
    const balance = await balanceOf(t, agent, trip.companyId);
    const body = saleBody(trip, ['A1']);

    const other = new SQLite(databaseUrlOf(t.config));
    try {
      other.exec('begin immediate');
      const refused = await create(t, agent, body, { 'idempotency-key': 'busy-1' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body).toMatchObject({ reason: 'DATABASE_BUSY' });
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      other.exec('rollback');
      other.close();
    }

    expect(await balanceOf(t, agent, trip.companyId)).toBe(balance);
    const sold = await create(t, agent, body, { 'idempotency-key': 'busy-1' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await balanceOf(t, agent, trip.companyId)).toBeLessThan(balance);
  }, 30_000);

  it('while another process holds the write lock, the server answers on, and the sale and sign-in waiting for it go through once it is free', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    expect((await lock(t, agent, trip, ['B1'])).status).toBe(200);
    const balance = await balanceOf(t, agent, trip.companyId);
    const body = saleBody(trip, ['B1']);

    const other = new SQLite(databaseUrlOf(t.config));
    other.exec('begin immediate');
    const settled: string[] = [];
    // The sale's unit needs the write lock (BEGIN IMMEDIATE); a sign-in writes its session on its own.
    const sale = create(t, agent, body, { 'idempotency-key': 'busy-2' }).finally(() => settled.push('sale'));
    const signIn = t.login('agent').finally(() => settled.push('sign-in'));
    try {
      // Long enough for both to reach the lock. A wait that held the thread would end in 503 before this timer ran.
      await sleep(300);

      // Meanwhile the server answers, the database's reads included (/api/ready reads it, uncached).
      expect((await t.call('GET', '/api/health')).status).toBe(200);
      const ready = await t.call('GET', '/api/ready');
      expect(ready.status, JSON.stringify(ready.body)).toBe(200);
      expect(settled).toEqual([]);
    } finally {
      other.exec('rollback');
      other.close();
      await Promise.allSettled([sale, signIn]);
    }

    const sold = await sale;
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await balanceOf(t, agent, trip.companyId)).toBeCloseTo(balance - Number(sold.body.totalFare), 2);
    expect(await signIn).toEqual(expect.any(String));
  }, 30_000);
});
