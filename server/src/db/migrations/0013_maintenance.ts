/**
 * Maintenance switch (issue #16, 14): server-wide settings the operator sets
 * from the command line, one row per key, read by every server process. The
 * maintenance switch is the key 'maintenance' ('on' or absent) with the
 * operator's message. Frozen once released.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table server_settings (
    key text primary key,
    value text not null,
    message text,
    updated_at text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists server_settings`.execute(db);
}
