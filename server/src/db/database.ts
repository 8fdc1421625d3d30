import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { ensureDatabaseFolder, type DatabaseLocation } from '../config';
import {
  startBackgroundCheckpoints,
  type BackgroundCheckpointOptions,
  type BackgroundCheckpoints,
} from './checkpointer';
import { engineOf } from './engine';
import { MIGRATIONS } from './migrations';
import { openPostgres } from './postgres-pool';
import { PostgresSchemaPlugin } from './postgres-schema';
import type { DB } from './schema';

export type Database = Kysely<DB>;

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) BEGIN:
 * the write lock is taken only at the first write, so two processes sharing
 * the file can both read "seat free" and one then fails with SQLITE_BUSY on
 * the upgrade, which busy_timeout cannot wait out. BEGIN IMMEDIATE takes the
 * write lock first (waiting up to busy_timeout), so a check-then-insert
 * inside one transaction is atomic across processes too. Inside one process
 * the driver already serialises everything through its one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/**
 * Kysely prepares every query afresh; preparing costs more than running the
 * small indexed statements of a sale. Statements are reused by their SQL
 * text (Kysely runs one statement at a time on the one connection, so a
 * cached statement is never busy when it is handed out again).
 */
const statementCaches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** The connection's prepared statement for `source`, from the one cache Kysely's path and the direct path share. */
export function preparedStatement(sqlite: SQLite.Database, source: string, size = 1000): SQLite.Statement {
  let cache = statementCaches.get(sqlite);
  if (!cache) {
    cache = new Map();
    statementCaches.set(sqlite, cache);
  }
  let stmt = cache.get(source);
  if (!stmt) {
    if (cache.size >= size) cache.clear();
    stmt = sqlite.prepare(source);
    cache.set(source, stmt);
  }
  return stmt;
}

function withStatementCache(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
  return {
    close: () => sqlite.close(),
    prepare: (source: string) => preparedStatement(sqlite, source),
  };
}

/** The better-sqlite3 connection under each Database openDatabase made. */
const connections = new WeakMap<Database, SQLite.Database>();

/**
 * The one SQLite connection under `db` (a Database from openDatabase, not a
 * transaction), for a read that must cost a microsecond (the session cache's
 * epoch). A synchronous call cannot interleave with anything in this
 * process, but it does run inside whatever Kysely transaction is open on the
 * connection at the time: use it for reads that tolerate that, never writes.
 */
export function sqliteOf(db: Database): SQLite.Database {
  const sqlite = connections.get(db);
  if (!sqlite) throw new Error('sqliteOf() needs the Database openDatabase() returned');
  return sqlite;
}

/**
 * Transactions that own the connection for their whole life (the group
 * commit's, db/group-commit.ts), with the connection under them. Kysely
 * holds its connection mutex from BEGIN to COMMIT, so nothing else of this
 * process runs a statement in between: a statement run straight on the
 * connection while the owner's code runs is inside that transaction, in
 * order, exactly as if it had gone through Kysely, minus the query
 * executor, the mutex and a promise per statement (db/precompiled.ts).
 */
const owningTransactions = new WeakMap<Database, SQLite.Database>();

/** Marks `trx` (a transaction begun on `db`) as owning the connection until it ends; see directConnectionOf. */
export function ownConnection(trx: Database, db: Database): void {
  owningTransactions.set(trx, sqliteOf(db));
}

/** `trx` has ended (committed or rolled back): its statements go through Kysely again, which refuses them. */
export function releaseConnection(trx: Database): void {
  owningTransactions.delete(trx);
}

/** The connection under `db` when `db` is a transaction that owns it (ownConnection), else null: go through Kysely. */
export function directConnectionOf(db: Database): SQLite.Database | null {
  return owningTransactions.get(db) ?? null;
}

export interface OpenDatabaseOptions {
  /**
   * WAL checkpoints on a worker thread (db/checkpointer.ts) instead of inside
   * the commit that fills the WAL: what the long-running server does. Short
   * runs (the operator CLI, tests) keep SQLite's own. File databases only.
   */
  backgroundCheckpoints?: BackgroundCheckpointOptions;
  /** PostgreSQL: connections this process keeps open at most, over the location's (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

/** PostgreSQL connections per server process unless told otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How the long-running server opens its database (main.ts, and bench:sell, which measures that server). */
export const SERVER_DATABASE_OPTIONS: OpenDatabaseOptions = { backgroundCheckpoints: {} };

const checkpointers = new WeakMap<Database, BackgroundCheckpoints>();

/**
 * The pragmas the server relies on, on a fresh connection (also the raw
 * ceiling of bench:sell, which must write with exactly these settings).
 */
export function applyServerPragmas(sqlite: SQLite.Database, wal: boolean): void {
  if (wal) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // An answer is sent only after its COMMIT (db/group-commit.ts), and with FULL that COMMIT syncs
  // the WAL to the disk before it returns: an acknowledged sale, its ledger debit and its SMS row
  // survive a power loss or an OS crash. (NORMAL syncs the WAL only at checkpoints, so a crash rolls
  // back every commit since the last one.) The group commit is what makes this affordable: one
  // sync per group, not per sale. Test: server/test/durability/.
  sqlite.pragma('synchronous = FULL');
  // On macOS a plain fsync leaves the data in the drive's cache; F_FULLFSYNC flushes it. A no-op elsewhere.
  sqlite.pragma('fullfsync = ON');
  // Every unit of a group commit is a savepoint, which copies each page it first changes into a
  // sub-journal; past 64 KiB (a sale changes more) SQLite spills that to a temporary file, and
  // every one of those writes was a system call inside the sale. Temporary files in memory keep
  // the sub-journals (and the report queries' sorts) in RAM: on the machine where this was
  // measured a sale's inserts went from ~270 to ~120 µs.
  sqlite.pragma('temp_store = MEMORY');
}

/** Opens the database: SQLite with the pragmas the server relies on, or a pool of PostgreSQL connections. */
export function openDatabase(location: DatabaseLocation, options: OpenDatabaseOptions = {}): Database {
  if (location.kind === 'postgres') {
    return openPostgres(location.url, options.poolSize ?? location.poolSize ?? DEFAULT_POOL_SIZE);
  }
  ensureDatabaseFolder(location);
  const sqlite = new SQLite(location.kind === 'memory' ? ':memory:' : location.file);
  applyServerPragmas(sqlite, location.kind === 'file');
  const checkpoints =
    location.kind === 'file' && options.backgroundCheckpoints
      ? startBackgroundCheckpoints(sqlite, location.file, options.backgroundCheckpoints)
      : null;
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  connections.set(db, sqlite);
  if (checkpoints) checkpointers.set(db, checkpoints);
  return db;
}

/** Stops the background checkpointer (if any), then closes the connection: use instead of db.destroy(). */
export async function closeDatabase(db: Database): Promise<void> {
  await checkpointers.get(db)?.stop();
  await db.destroy();
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  // The migrations are written once; on PostgreSQL their integers become bigint and their
  // autoincrement keys identity columns (db/postgres-schema.ts).
  const onEngine = engineOf(db) === 'postgres' ? db.withPlugin(new PostgresSchemaPlugin()) : db;
  const migrator = new Migrator({ db: onEngine, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Drops every table (data and schema) so migrations can rebuild from nothing. */
export async function dropEverything(db: Database): Promise<void> {
  if (engineOf(db) === 'postgres') {
    // Everything the migrations made lives in the public schema (tables, trigger functions, the nocase collation).
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    return;
  }
  const tables = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  await sql`pragma foreign_keys = OFF`.execute(db);
  try {
    for (const { name } of tables.rows) await sql`drop table if exists ${sql.id(name)}`.execute(db);
  } finally {
    await sql`pragma foreign_keys = ON`.execute(db);
  }
}
