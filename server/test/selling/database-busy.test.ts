/**
 * SQLite has one writer at a time. When another process holds the write lock
 * longer than the server's busy timeout (an operator's command, a backup tool,
 * sqlite3 left open inside a transaction), a sale answers 503 DATABASE_BUSY,
 * saves nothing, and can be sent again: never a 500, never a half-written sale.
 */
import SQLite from 'better-sqlite3';
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
});
