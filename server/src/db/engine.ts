import { PostgresAdapter, type QueryExecutor } from 'kysely';

/** The two engines the server runs on: SQLite (embedded, the default) and PostgreSQL. */
export type Engine = 'sqlite' | 'postgres';

/** Which engine `db` (a Database, a transaction of one, or a migration's Kysely) talks to, read from its dialect. */
export function engineOf(db: { getExecutor(): QueryExecutor }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
