/**
 * A report worker thread's own connection (modules/reports/worker-main.ts): read-only on the SQLite file (WAL lets it
 * read beside the server's writer and never block it), or one PostgreSQL connection. The worker holds the Units over
 * it, as a service does; what differs between the engines stays here.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseLocation } from '../config';
import type { Database } from './database';
import { openPostgres } from './postgres-pool';
import type { DB } from './schema';
import { unitsOf, type Units } from './units';

/** A database another thread can open: not an in-memory one. */
export type SharedDatabase = Exclude<DatabaseLocation, { kind: 'memory' }>;

/** The worker's connection: its Units, and `close` when the thread stops. */
export interface ReportConnection {
  units: Units;
  close(): Promise<void>;
}

export function openReportConnection(database: SharedDatabase): ReportConnection {
  const db: Database =
    database.kind === 'postgres'
      ? openPostgres(database.url, 1, database.waits)
      : new Kysely<DB>({ dialect: new SqliteDialect({ database: readOnly(database.file) }) });
  return { units: unitsOf(db), close: () => db.destroy() };
}

function readOnly(file: string): SQLite.Database {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
