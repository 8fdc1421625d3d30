/**
 * A rolling upgrade on PostgreSQL: server processes sell while a new version's
 * migration alters a table the sales write. A long read of that table (a
 * report, a backup's dump) holds the migration's lock, and the sales queue
 * behind the waiting migration. Before db/migration-lock-waits.ts they stood
 * still for the pool's lock timeout (10 s) and then failed with DATABASE_BUSY;
 * now the migration gives up its place in the queue every half second, lets
 * the sales through, and tries again until the read has ended.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { MIGRATIONS } from '../../src/db/migrations';
import { databaseUrlOf, ENGINE } from '../helpers';
import { create, findTrip, lock, saleBody, sellingContext, type Ctx } from '../selling/fixtures';

/** A later version's migration: a column on the table every sale writes. */
const withLaterVersion = (column: string) => ({
  ...MIGRATIONS,
  [`9999_${column}`]: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('reservations').addColumn(column, 'text').execute();
    },
  },
});

/** A long read of the reservations (a report, a dump): it holds their ACCESS SHARE lock until `end()`. */
async function longRead(url: string): Promise<{ end(): Promise<void> }> {
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  await reader.query('begin');
  await reader.query('select count(*) from reservations');
  return {
    async end() {
      await reader.query('commit');
      await reader.end();
    },
  };
}

describe.skipIf(ENGINE !== 'postgres')('a migration waiting for a lock during a rolling upgrade', () => {
  // A database each: a test's later version is not the other's. The pool's lock timeout is longer than the test's:
  // a sale that queued behind the migration until the migration's statement gave up would time the test out.
  let t: Ctx;
  beforeEach(async () => {
    t = await sellingContext({ DATABASE_LOCK_TIMEOUT_SECONDS: '120' });
  });
  afterEach(() => t?.close());

  /** Resolves once a statement of the migration is seen waiting for a lock (pg_stat_activity). */
  async function migrationQueued(): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike 'alter table%'`.execute(t.db);
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('sales go through while it waits, and it migrates once the read has ended', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const read = await longRead(databaseUrlOf(t.config));
    let migrated: Promise<string[]> | undefined;
    try {
      migrated = migrateToLatest(t.db, { migrations: withLaterVersion('upgrade_note') });
      await migrationQueued();
      // The read still holds the lock: a counter's seat lock and sale answer all the same.
      expect((await lock(t, agent, trip, ['C1'])).status).toBe(200);
      const sold = await create(t, agent, saleBody(trip, ['C1']));
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    } finally {
      await read.end();
    }
    expect(await migrated).toEqual(['9999_upgrade_note']);
    const { rows } = await sql`select upgrade_note from reservations limit 1`.execute(t.db);
    expect(rows).toHaveLength(1);
    // This process's connections prepared their statements before the column came: they still sell.
    for (const seat of ['A1', 'A2', 'B1']) {
      expect((await lock(t, agent, trip, [seat])).status).toBe(200);
      const after = await create(t, agent, saleBody(trip, [seat]));
      expect(after.status, JSON.stringify(after.body)).toBe(200);
    }
  }, 30_000);

  it('a read that outlasts every try fails the start in one sentence, and nothing is migrated', async () => {
    const read = await longRead(databaseUrlOf(t.config));
    try {
      const lockWaits = { waitMs: 100, tries: 3, pauseMs: () => 50 };
      const failed = await migrateToLatest(t.db, { migrations: withLaterVersion('never_added'), lockWaits }).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(failed?.message).toMatch(
        /^database migration 9999_never_added failed: other transactions held the locks it needs through 3 tries .*nothing was changed/,
      );
    } finally {
      await read.end();
    }
    const columns = await sql`
      select 1 from information_schema.columns where table_name = 'reservations' and column_name = 'never_added'`.execute(
      t.db,
    );
    expect(columns.rows).toEqual([]);
  });
});
