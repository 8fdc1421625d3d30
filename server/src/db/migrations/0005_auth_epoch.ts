/**
 * The authentication epoch (bench:sell, issue #3): one counter that every
 * change to what a session's caller is allowed to do moves forward, kept by
 * triggers so it catches every writer (this server, the operator command
 * line in another process, a test or a person editing the file). The server
 * caches each token's caller and reads only this counter per request; a new
 * value drops the whole cache, so logout, deactivation and role changes take
 * effect on the very next request. It starts at a random value so a reset
 * database never repeats an epoch a running server has cached. Frozen once
 * released.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';
import { createRowTrigger, dropRowTrigger } from './engine-sql';

/** The tables a caller's principal is read from (session, user, agent, outlet, companies, roles, permissions). */
const WATCHED = [
  'sessions',
  'users',
  'agents',
  'outlets',
  'companies',
  'user_companies',
  'user_roles',
  'roles',
  'role_permissions',
  'permissions',
];
/** A new session changes nobody else's principal; every other insert, update or delete may. */
const EVENTS = (table: string) => (table === 'sessions' ? ['update', 'delete'] : ['insert', 'update', 'delete']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auth_epoch (id bigint primary key check (id = 1), epoch bigint not null)`.execute(db);
  const randomStart =
    engineOf(db) === 'sqlite' ? sql`abs(random() % 1000000000000)` : sql`floor(random() * 1000000000000)::bigint`;
  await sql`insert into auth_epoch (id, epoch) values (1, ${randomStart})`.execute(db);
  for (const table of WATCHED) {
    for (const event of EVENTS(table)) {
      // Per row on both engines: SQLite has no statement triggers; on PostgreSQL each row's update of the one
      // epoch row waits for the writer before it, which is what keeps the counter exact across processes.
      await createRowTrigger(db, {
        name: `${table}_${event}_auth_epoch`,
        table,
        timing: 'after',
        event,
        body: 'update auth_epoch set epoch = epoch + 1 where id = 1',
      });
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED)
    for (const event of EVENTS(table)) await dropRowTrigger(db, `${table}_${event}_auth_epoch`, table);
  await sql`drop table if exists auth_epoch`.execute(db);
}
