/**
 * Live events (issue #35): trips.live_version, the trip's version as live `trip` events carry it. Every committed
 * unit that changes a trip's seats bumps it by one in its own transaction (db/live-bus.ts), so it is one counter per
 * trip, the same across server processes, and rises by one per committed change (a rolled-back unit's bump is rolled
 * back with it). A default, so a server of the version before this one still inserts trips (rolling upgrade).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trips')
    .addColumn('live_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trips drop column live_version`.execute(db);
}
