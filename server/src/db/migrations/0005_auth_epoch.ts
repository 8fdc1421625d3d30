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

/** The tables a caller's principal is read from (session, user, agent, outlet, companies, roles, permissions). */
const WATCHED = ['sessions', 'users', 'agents', 'outlets', 'companies', 'user_companies', 'user_roles', 'roles', 'role_permissions', 'permissions'];
/** A new session changes nobody else's principal; every other insert, update or delete may. */
const EVENTS = (table: string) => (table === 'sessions' ? ['update', 'delete'] : ['insert', 'update', 'delete']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auth_epoch (id integer primary key check (id = 1), epoch integer not null)`.execute(db);
  await sql`insert into auth_epoch (id, epoch) values (1, abs(random() % 1000000000000))`.execute(db);
  for (const table of WATCHED) {
    for (const event of EVENTS(table)) {
      await sql`create trigger ${sql.id(`${table}_${event}_auth_epoch`)} after ${sql.raw(event)} on ${sql.id(table)}
        begin update auth_epoch set epoch = epoch + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED) for (const event of EVENTS(table)) await sql`drop trigger if exists ${sql.id(`${table}_${event}_auth_epoch`)}`.execute(db);
  await sql`drop table if exists auth_epoch`.execute(db);
}
