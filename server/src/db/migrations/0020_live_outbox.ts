/**
 * Live events across processes on SQLite (issue #35, db/live-outbox.ts): a unit committed by a process without live
 * streams of its own (the operator command line approving a deposit, maintenance, a cancel) writes its live messages
 * here in its own transaction; the server process reads the new rows when SQLite's data_version says another
 * connection committed, and passes them to its streams. Rows are deleted a minute after the server read them.
 * PostgreSQL has the table too (migrations are the same on both) but never writes it: NOTIFY crosses processes there.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    /** The live message (db/live-bus.ts LiveMessage) as JSON: seats, states, ids; never passenger data. */
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table live_outbox`.execute(db);
}
