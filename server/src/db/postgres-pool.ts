import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { PostgresWaits } from '../config';
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

const ignoreError = () => undefined;

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
    // pg-pool hears a connection's errors only while it is idle in the pool. The database also ends one
    // that is checked out (idle_in_transaction_session_timeout below, a restart, a failover); unheard,
    // that 'error' event would end the process. Heard, the unit's next statement fails instead, and the
    // pool drops the connection when it comes back.
    client.on('error', ignoreError);
    const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      const name = typeof sqlOrCursor === 'string' ? statementNameOf(sqlOrCursor) : undefined;
      if (name) return client.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] });
      return client.query(sqlOrCursor as string, parameters as unknown[]);
    };
    // One function for Kysely's two overloads (a text with its parameters, or a cursor): a cast.
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => {
        client.removeListener('error', ignoreError);
        client.release();
      },
    };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** The waits of config.ts's defaults (DATABASE_LOCK_TIMEOUT_SECONDS, DATABASE_IDLE_IN_TRANSACTION_SECONDS). */
export const DEFAULT_WAITS: PostgresWaits = { lockTimeoutMs: 10_000, idleInTransactionMs: 5_000 };

/**
 * A pool of PostgreSQL connections as the server uses it. Its own module so a
 * report worker (modules/reports/worker-main.ts) opens one without loading the
 * migrations, the seed or SQLite's checkpointer with database.ts.
 */
export function openPostgres(url: string, poolSize: number, waits: PostgresWaits = DEFAULT_WAITS): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: postgresTypes,
    // No request waits for ever on another unit. A statement waiting on a lock longer than this fails
    // with lock_not_available, and a request waiting for a free connection with pg-pool's timeout:
    // both answer DATABASE_BUSY, the unit rolled back (db/database-trouble.ts).
    lock_timeout: waits.lockTimeoutMs,
    connectionTimeoutMillis: waits.lockTimeoutMs,
    // A unit sends its statements one after another with only this process's own work between them.
    // One that sends nothing for this long belongs to a process that froze, lost its network or died
    // mid-sale: the database ends its connection, which rolls the unit back and frees its row locks
    // for the counters queued behind them. Shorter than the lock timeout, so they outlast it.
    idle_in_transaction_session_timeout: waits.idleInTransactionMs,
    // A database host that vanished (a failover, a cut cable) is found by TCP's probes, not by waiting.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection the database ends (a restart, a failover, an administrator) is an 'error' event
  // on the pool; unheard, Node ends the process. The pool has already dropped that connection and
  // opens a new one for the next query, so there is nothing to do but not die.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new NamedStatementPool(pool) }) });
}
