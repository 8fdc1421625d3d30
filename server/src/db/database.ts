import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  type Migration,
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
import {
  isLockWaitTimeout,
  MIGRATION_LOCK_WAITS,
  withBoundedLockWaits,
  type MigrationLockWaits,
} from './migration-lock-waits';
import { assertMayMigrate, assertPostgresFits, UnsuitableDatabase } from './postgres-requirements';
import { MIGRATIONS } from './migrations';
import { openPostgres } from './postgres-pool';
import { PostgresSchemaPlugin } from './postgres-schema';
import { ConnectionTurns, LockWaitingConnection } from './sqlite-connection';
import { countStatement } from './statement-count';
import type { DB } from './schema';

export type Database = Kysely<DB>;

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) BEGIN:
 * the write lock is taken only at the first write, so two processes sharing
 * the file can both read "seat free" and one then fails with SQLITE_BUSY on
 * the upgrade, which no wait can mend. BEGIN IMMEDIATE takes the write lock
 * first (waiting for another process's, db/sqlite-connection.ts), so a
 * check-then-insert inside one transaction is atomic across processes too.
 * Inside one process everything goes through the one connection, one caller
 * at a time: the driver hands out the LockWaitingConnection in turns
 * (db/sqlite-connection.ts) instead of Kysely's mutex, so that a statement
 * waiting for another process's lock can let this process's reads through.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #turns = new ConnectionTurns();
  #connection: LockWaitingConnection | undefined;

  constructor(
    settings: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
  ) {
    super(settings);
  }

  override async init(): Promise<void> {
    await super.init();
    // Kysely's own connection, got once through its mutex and then handed out in turns instead.
    const kyselys = await super.acquireConnection();
    await super.releaseConnection();
    this.#connection = new LockWaitingConnection(kyselys, this.sqlite, this.#turns);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    return this.#connection!;
  }

  override async releaseConnection(): Promise<void> {
    this.#turns.give();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings, this.sqlite);
  }
}

/**
 * A SQLite connection with its prepared statements. Kysely prepares every
 * query afresh; preparing costs more than running the small indexed
 * statements of a sale. Statements are reused by their SQL text: one
 * statement runs at a time on the connection (Kysely's mutex, and the group
 * commit's units one after another), so a cached statement is never busy
 * when it is handed out again.
 */
export class SqliteStatements {
  private readonly cache = new Map<string, SQLite.Statement>();

  constructor(
    readonly sqlite: SQLite.Database,
    private readonly size = 1000,
  ) {}

  /** The statement for `source`, from the one cache Kysely's path and the direct path share. */
  prepared(source: string): SQLite.Statement {
    countStatement(source);
    let stmt = this.cache.get(source);
    if (!stmt) {
      if (this.cache.size >= this.size) this.cache.clear();
      stmt = this.sqlite.prepare(source);
      this.cache.set(source, stmt);
    }
    return stmt;
  }
}

/**
 * What openDatabase answers for a SQLite location: the Kysely the server
 * queries, with what belongs to its one connection in plain sight instead of
 * looked up beside it: the connection and its statements, the background
 * checkpointer (closeDatabase stops it). Its group commit is kept beside it
 * (db/group-commit.ts, groupCommitOf).
 */
export class SqliteDatabase extends Kysely<DB> {
  constructor(
    readonly statements: SqliteStatements,
    readonly checkpoints: BackgroundCheckpoints | null,
  ) {
    super({
      dialect: new ImmediateSqliteDialect(
        { database: { close: () => statements.sqlite.close(), prepare: (source) => statements.prepared(source) } },
        statements.sqlite,
      ),
    });
  }
}

/**
 * The group commit's units' way to the connection (db/group-commit.ts): a
 * Kysely over the same connection whose statements run on it directly, in
 * order, inside the group's transaction, which holds the server's Kysely
 * (its mutex) from BEGIN to COMMIT so nothing else of this process runs a
 * statement in between. Precompiled statements (db/precompiled.ts) skip even
 * this Kysely's executor: the statement straight from the cache, without a
 * mutex or a promise per statement. Open only while a group runs: a
 * statement after it (a unit that kept a repository) is refused.
 */
export class GroupConnection extends Kysely<DB> {
  readonly #gate: { open: boolean };

  constructor(readonly statements: SqliteStatements) {
    const gate = { open: false };
    super({
      dialect: new SqliteDialect({
        database: {
          close: () => undefined,
          prepare: (source) => GroupConnection.statementIn(gate, statements, source),
        },
      }),
    });
    this.#gate = gate;
  }

  /** Inside a group's transaction: a unit over it runs inside that transaction. */
  override get isTransaction(): boolean {
    return true;
  }

  /** The group commit opens it after BEGIN and closes it before COMMIT. */
  setOpen(open: boolean): void {
    this.#gate.open = open;
  }

  /** The statement for `source` (the same cache as the server's Kysely), while a group runs. */
  statement(source: string): SQLite.Statement {
    return GroupConnection.statementIn(this.#gate, this.statements, source);
  }

  private static statementIn(gate: { open: boolean }, statements: SqliteStatements, source: string) {
    if (!gate.open) throw new Error('the group commit has ended: a unit runs no statement after it');
    return statements.prepared(source);
  }
}

/**
 * The one SQLite connection under `db` (a Database from openDatabase, not a
 * transaction), for a read that must cost a microsecond (the session cache's
 * epoch). A synchronous call cannot interleave with anything in this
 * process, but it does run inside whatever Kysely transaction is open on the
 * connection at the time: use it for reads that tolerate that, never writes.
 */
export function sqliteOf(db: Database): SQLite.Database {
  if (!(db instanceof SqliteDatabase)) throw new Error('sqliteOf() needs the Database openDatabase() returned');
  return db.statements.sqlite;
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

/**
 * The pragmas the server relies on, on a fresh connection (also the raw
 * ceiling of bench:sell, which must write with exactly these settings).
 */
export function applyServerPragmas(sqlite: SQLite.Database, wal: boolean): void {
  if (wal) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // No wait inside SQLite for another process's lock: it would hold the server's one thread. The server's statements
  // wait for it between tries instead, the thread free (db/sqlite-connection.ts, LockWaitingConnection).
  sqlite.pragma('busy_timeout = 0');
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
    return openPostgres(location.url, options.poolSize ?? location.poolSize ?? DEFAULT_POOL_SIZE, location.waits);
  }
  ensureDatabaseFolder(location);
  const sqlite = new SQLite(location.kind === 'memory' ? ':memory:' : location.file);
  applyServerPragmas(sqlite, location.kind === 'file');
  const checkpoints =
    location.kind === 'file' && options.backgroundCheckpoints
      ? startBackgroundCheckpoints(sqlite, location.file, options.backgroundCheckpoints)
      : null;
  return new SqliteDatabase(new SqliteStatements(sqlite), checkpoints);
}

/** Stops the background checkpointer (if any), then closes the connection: use instead of db.destroy(). */
export async function closeDatabase(db: Database): Promise<void> {
  if (db instanceof SqliteDatabase) await db.checkpoints?.stop();
  await db.destroy();
}

/** What migrateToLatest runs, and how its locks wait on PostgreSQL: the defaults but in tests. */
export interface MigrateOptions {
  migrations?: Record<string, Migration>;
  lockWaits?: MigrationLockWaits;
  /** Told the migrations of a newer version the database carries, when this version runs on it as it is. */
  onNewerVersion?: (migrations: string[]) => void;
}

/** The names of the migrations the database has run, by any version; none before the first. */
async function executedMigrations(db: Database): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((row) => row.name);
}

/**
 * This version's migrations the database has not run (`pending`), and those it has run that this version does not
 * know (`newer`): a newer version migrated it (a rolling upgrade's old processes restarting, or a rollback to this
 * version). Such a database is run on as it is when it carries all of this version's migrations, since a version's
 * migrations only add what the one before does not use (server/OPERATIONS.md, "Rolling upgrades"); one that also
 * lacks some of this version's is refused.
 */
async function migrationState(
  db: Database,
  migrations: Record<string, Migration>,
): Promise<{ pending: string[]; newer: string[] }> {
  const executed = await executedMigrations(db);
  const pending = Object.keys(migrations).filter((name) => !executed.includes(name));
  const newer = executed.filter((name) => !(name in migrations));
  if (newer.length > 0 && pending.length > 0)
    throw new UnsuitableDatabase(
      `the database carries migrations of another version (${newer.join(', ')}) and lacks ${pending.join(', ')} of this one: run the version that migrated it`,
    );
  return { pending, newer };
}

/**
 * Brings the schema up to date; throws with the failing migration's name. On PostgreSQL, first refuses a server or
 * database that cannot hold the data, or a role that may not make what the migrations still have to make
 * (UnsuitableDatabase, db/postgres-requirements.ts); a lock held by another transaction is waited for in short
 * tries, so that the sales of running server processes never queue long behind a migration
 * (db/migration-lock-waits.ts). A database a newer version migrated is left as it is (migrationState).
 */
export async function migrateToLatest(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = options.migrations ?? MIGRATIONS;
  const lockWaits = options.lockWaits ?? MIGRATION_LOCK_WAITS;
  // The migrations are written once; on PostgreSQL their integers become bigint and their
  // autoincrement keys identity columns (db/postgres-schema.ts).
  const postgres = engineOf(db) === 'postgres';
  if (postgres) await assertPostgresFits(db);
  const { pending, newer } = await migrationState(db, migrations);
  if (newer.length > 0) options.onNewerVersion?.(newer);
  // Nothing to run: no migrator, no lock. A role with only the rights to read and write rows runs a database
  // someone else migrated.
  if (pending.length === 0) return [];
  if (postgres) await assertMayMigrate(db, pending.length);
  const onEngine = postgres ? db.withPlugin(new PostgresSchemaPlugin()) : db;
  const run = postgres ? withBoundedLockWaits(migrations, lockWaits.waitMs) : migrations;
  const migrator = new Migrator({ db: onEngine, provider: { getMigrations: async () => run } });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const lockedOut = postgres && isLockWaitTimeout(error);
    if (lockedOut && attempt < lockWaits.tries) {
      await new Promise((resolve) => setTimeout(resolve, lockWaits.pauseMs(attempt)));
      continue;
    }
    const failed = results?.find((r) => r.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    const why = lockedOut
      ? `other transactions held the locks it needs through ${attempt} tries (pg_stat_activity shows them); nothing was changed, start again once they have ended (${cause})`
      : cause;
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${why}`, { cause: error });
  }
}

/** Drops every table (data and schema) so migrations can rebuild from nothing. */
export async function dropEverything(db: Database): Promise<void> {
  if (engineOf(db) === 'postgres') {
    // Everything the migrations made lives in the public schema (tables, trigger functions, the nocase collation).
    // Only its owner may drop it: a role that only reads and writes rows is told so, and the drop changed nothing.
    await sql`drop schema public cascade`.execute(db).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== '42501') throw error;
      throw new UnsuitableDatabase(
        `wiping the database drops its schema public, which only the database's owner may do: run this as the owner (the role in DATABASE_URL may only read and write rows; ${(error as Error).message})`,
      );
    });
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
