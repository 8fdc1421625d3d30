/**
 * PostgreSQL keeps every lock of every transaction in one shared table, sized
 * by max_locks_per_transaction. When a job takes too many (a large report
 * locking its partitions, an administrator's migration, a leak of advisory
 * locks), every other transaction that needs a lock fails with "out of shared
 * memory" (SQLSTATE 53200, class 53: insufficient resources) until the job
 * ends. A counter's sale then answers 503 DATABASE_BUSY with Retry-After,
 * having saved and charged nothing, never a 500; sent again once the job is
 * over, the same request sells once.
 *
 * The lock table is the whole cluster's, so this file fills the table of a
 * cluster of its own: the other test files share the run's.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, databaseUrlOf } from '../helpers';
import { balanceOf, create, findTrip, lock, saleBody, sellingContext, type Ctx } from '../selling/fixtures';
import { startThrowawayCluster, type ThrowawayCluster } from './cluster';

/**
 * Opens a transaction that takes advisory locks until the lock table has no room for one more (the one that did not
 * fit is rolled back by its block), and holds them. Returns what ends it.
 */
async function fillLockTable(url: string): Promise<{ held: number; end(): Promise<void> }> {
  const hog = new pg.Client({ connectionString: url });
  await hog.connect();
  let held = 0;
  hog.on('notice', (notice) => (held = Number(notice.message)));
  await hog.query('begin');
  await hog.query(`
    do $$
    declare taken integer := 0;
    begin
      loop
        begin
          perform pg_advisory_xact_lock(taken);
        exception when out_of_memory then
          raise notice '%', taken;
          exit;
        end;
        taken := taken + 1;
      end loop;
    end $$`);
  return {
    held,
    async end() {
      await hog.query('rollback');
      await hog.end();
    },
  };
}

describe.skipIf(ENGINE !== 'postgres')("the database's lock table full (out of shared memory)", () => {
  let cluster: ThrowawayCluster;
  let t: Ctx;
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    t = await sellingContext({}, { postgresAdminUrl: cluster.adminUrl });
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  it('a sale answers 503 DATABASE_BUSY with Retry-After, saves and charges nothing, and the same request sells once after', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    expect((await lock(t, agent, trip, ['C1'])).status).toBe(200);
    const balance = await balanceOf(t, agent, trip.companyId);

    const hog = await fillLockTable(databaseUrlOf(t.config));
    try {
      expect(hog.held, 'the lock table never filled').toBeGreaterThan(1_000);
      const refused = await create(t, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'no-room-1' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body).toMatchObject({ reason: 'DATABASE_BUSY' });
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      await hog.end();
    }

    expect(await balanceOf(t, agent, trip.companyId)).toBe(balance);
    const sold = await create(t, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'no-room-1' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const again = await create(t, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'no-room-1' });
    expect(again.body).toEqual(sold.body);
    expect(await balanceOf(t, agent, trip.companyId)).toBeCloseTo(balance - Number(sold.body.totalFare), 2);
  });
});
