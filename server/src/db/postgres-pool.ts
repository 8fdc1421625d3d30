import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { statementNameOf } from './prepared-names';
import { refuseInsideUnit } from './unit-scope';
import type { DB } from './schema';

/**
 * PostgreSQL hands bigint (every integer column: ids, counts, money in minor
 * units) and numeric (a sum of bigints) back as strings, because they may not
 * fit a JavaScript number. Ours always do (money stays far under 2^53 minor
 * units), and the code above the storage counts in numbers, as it does on
 * SQLite: parse them, and refuse loudly the day one would lose digits.
 */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
function wholeNumber(text: string): number {
  const n = Number(text);
  if (Math.abs(n) > Number.MAX_SAFE_INTEGER)
    throw new Error(`database number ${text} is beyond what the server counts exactly`);
  return n;
}
const postgresTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return wholeNumber;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * The pool as Kysely sees it, sending the hot path's statements by name
 * (db/prepared-names.ts): pg prepares a named statement the first time a
 * connection runs it and only binds and executes it after that.
 */
class NamedStatementPool implements PostgresPool {
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    // Inside a unit, queries go through the unit's connection (db/unit-scope.ts).
    refuseInsideUnit();
    const client = await this.pool.connect();
    const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      const name = typeof sqlOrCursor === 'string' ? statementNameOf(sqlOrCursor) : undefined;
      if (name) return client.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] });
      return client.query(sqlOrCursor as string, parameters as unknown[]);
    };
    // One function for Kysely's two overloads (a text with its parameters, or a cursor): a cast.
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * A pool of PostgreSQL connections as the server uses it. Its own module so a
 * report worker (modules/reports/worker-main.ts) opens one without loading the
 * migrations, the seed or SQLite's checkpointer with database.ts.
 */
export function openPostgres(url: string, poolSize: number): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: postgresTypes,
  });
  // An idle connection the database ends (a restart, a failover, an administrator) is an 'error' event
  // on the pool; unheard, Node ends the process. The pool has already dropped that connection and
  // opens a new one for the next query, so there is nothing to do but not die.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new NamedStatementPool(pool) }) });
}
