/**
 * What the server needs of a PostgreSQL server, checked before the first
 * migration so that a database that cannot hold the data is refused with what
 * to do, instead of failing half-way with the database's own words (or, worse,
 * storing text it garbles):
 *
 * - version 15 or later: the oldest the server is tested on (Debian 12's);
 *   older ones are not known to run it;
 * - the database's encoding UTF8: passengers' names, stations and receipts are
 *   Bengali, and amounts carry the Taka sign. LATIN1 refuses them; SQL_ASCII
 *   stores any bytes and checks none;
 * - ICU: usernames, coupon codes and deposit references compare ignoring case
 *   under an ICU collation;
 * - while migrations are still to run, a role that may create in the schema
 *   public (its owner: PostgreSQL 15 no longer lets every role create there).
 */
import { sql, type QueryExecutorProvider } from 'kysely';

/** A database the server will not migrate or run on; the message says why, and what to do. */
export class UnsuitableDatabase extends Error {
  override name = 'UnsuitableDatabase';
}

export interface PostgresServer {
  /** server_version_num: 150004 for 15.4. */
  versionNum: number;
  /** server_version as the server says it ("15.4 (Debian 15.4-1)"). */
  version: string;
  /** The database's encoding (server_encoding): UTF8, LATIN1, SQL_ASCII, ... */
  encoding: string;
  /** Whether the server was built with ICU (it has ICU collations). */
  icu: boolean;
}

export const MIN_POSTGRES_VERSION_NUM = 150000;

/** Why the server cannot run on this PostgreSQL, one sentence each; empty when it can. */
export function postgresShortfalls(server: PostgresServer, databaseName: string): string[] {
  const shortfalls: string[] = [];
  if (server.versionNum < MIN_POSTGRES_VERSION_NUM)
    shortfalls.push(`PostgreSQL ${server.version} is older than 15, the oldest the server is tested on: upgrade it`);
  if (server.encoding !== 'UTF8')
    shortfalls.push(
      `the database ${databaseName} is encoded ${server.encoding}, and the server stores Bengali text: make a UTF8 one (createdb --encoding=UTF8 --template=template0 <name>) and point DATABASE_URL at it`,
    );
  if (!server.icu)
    shortfalls.push(
      'this PostgreSQL was built without ICU, which the case-insensitive usernames, coupon codes and deposit references need: use a build with ICU (the Debian, Ubuntu and official packages have it)',
    );
  return shortfalls;
}

/** Throws UnsuitableDatabase when the database behind `db` cannot hold what the server stores. */
export async function assertPostgresFits(db: QueryExecutorProvider): Promise<void> {
  const { rows } = await sql<{ version_num: string; version: string; encoding: string; icu: boolean; name: string }>`
    select current_setting('server_version_num') as version_num, current_setting('server_version') as version,
      current_setting('server_encoding') as encoding, current_database() as name,
      exists (select 1 from pg_collation where collprovider = 'i') as icu`.execute(db);
  const row = rows[0];
  if (!row) return;
  const server = { versionNum: Number(row.version_num), version: row.version, encoding: row.encoding, icu: row.icu };
  const shortfalls = postgresShortfalls(server, row.name);
  if (shortfalls.length > 0) throw new UnsuitableDatabase(`${shortfalls.join('; ')}.`);
}

/**
 * Throws UnsuitableDatabase when `pending` migrations are to run and the role may not create in the schema public
 * (their tables, trigger functions and collation go there).
 */
export async function assertMayMigrate(db: QueryExecutorProvider, pending: number): Promise<void> {
  const { rows } = await sql<{ may: boolean; role: string; name: string }>`
    select has_schema_privilege(current_user, 'public', 'CREATE') as may, current_user as role,
      current_database() as name`.execute(db);
  const row = rows[0];
  if (!row || row.may) return;
  throw new UnsuitableDatabase(
    `the role ${row.role} may not create tables in the schema public of the database ${row.name}, and ${pending} migration(s) are to run: make the role the database's owner (ALTER DATABASE ${row.name} OWNER TO ${row.role}: the owner of a database owns its schema public), or run the server once as the owner to migrate.`,
  );
}
