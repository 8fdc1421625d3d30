/**
 * The few schema statements whose SQL differs between SQLite and
 * PostgreSQL, for the migrations (which are otherwise written once: the
 * schema builder's output is adapted by db/postgres-schema.ts). A trigger's
 * body is written once, in SQL both engines accept (new./old. rows,
 * `is distinct from`, `on conflict ... do update`); SQLite runs it inside
 * `begin ... end`, PostgreSQL inside a PL/pgSQL trigger function.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from '../engine';

type AnyDb = Kysely<unknown>;

export interface RowTrigger {
  name: string;
  table: string;
  timing: 'before' | 'after';
  /** e.g. 'insert', 'delete', 'update of paid, amount_minor' */
  event: string;
  /** A condition on new./old., or none. */
  when?: string;
  /** Statements separated by semicolons (no trailing one). */
  body: string;
}

export async function createRowTrigger(db: AnyDb, t: RowTrigger): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    const when = t.when ? ` when ${t.when}` : '';
    await sql
      .raw(`create trigger "${t.name}" ${t.timing} ${t.event} on "${t.table}"${when} begin ${t.body}; end`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create or replace function "${t.name}"() returns trigger language plpgsql as $trigger$ begin ${t.body}; return null; end $trigger$`,
    )
    .execute(db);
  const when = t.when ? ` when (${t.when})` : '';
  await sql
    .raw(
      `create trigger "${t.name}" ${t.timing} ${t.event} on "${t.table}" for each row${when} execute function "${t.name}"()`,
    )
    .execute(db);
}

export async function dropRowTrigger(db: AnyDb, name: string, table: string): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql.raw(`drop trigger if exists "${name}"`).execute(db);
    return;
  }
  await sql.raw(`drop trigger if exists "${name}" on "${table}"`).execute(db);
  await sql.raw(`drop function if exists "${name}"()`).execute(db);
}

/** A statement, for a trigger's body, that refuses the change with `message`. */
export function refuseStatement(db: AnyDb, message: string): string {
  const quoted = `'${message.replace(/'/g, "''")}'`;
  return engineOf(db) === 'sqlite' ? `select raise(abort, ${quoted})` : `raise exception ${quoted}`;
}

/** The current instant as the ISO-8601 text every *_at column holds (2026-01-15T06:00:00.000Z), as a column default. */
export function nowIsoDefault(db: AnyDb): RawBuilder<string> {
  return engineOf(db) === 'sqlite'
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

/** SQLite's WITHOUT ROWID for a table keyed by its primary key alone; PostgreSQL has no rowid to leave out. */
export function withoutRowid(db: AnyDb): RawBuilder<unknown> {
  return engineOf(db) === 'sqlite' ? sql` without rowid` : sql``;
}

/**
 * The `nocase` collation the usernames, coupon codes and deposit references
 * compare under (ASCII case-insensitive on SQLite, built in). PostgreSQL
 * needs it made: an ICU collation that ignores case (level 2), which
 * equality, unique indexes and ORDER BY all honour.
 */
export async function createNocaseCollation(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`create collation if not exists nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`.execute(
    db,
  );
}
