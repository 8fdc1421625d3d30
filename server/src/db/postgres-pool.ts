import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { PostgresWaits } from '../config';
import { isStalePreparedStatement, takesNoWrites } from './database-trouble';
import { DEFERRED, FLUSH, oneStatement, type DeferredWrite } from './deferred-writes';
import { statementNameOf } from './prepared-names';
import { countStatement } from './statement-count';
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
 * The server writes to the primary only, and reads there too (a replica may lag behind a sale just made). A new
 * connection that reached a database taking no writes (a standby, or the old primary that a writer endpoint's name
 * still leads to during a failover) is closed at once, and the request answers DATABASE_UNAVAILABLE, as if the
 * database were out of reach: /api/ready takes the process out of the rotation, the portal sends the request again
 * in a second, and the next connection is opened anew, to wherever the URL leads by then.
 */
async function refuseReadOnly(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ transaction_read_only: string }>('show transaction_read_only');
  if (rows[0]?.transaction_read_only === 'on')
    throw Object.assign(new Error('the database takes no writes (a standby, or set read-only)'), { code: '25006' });
}

/**
 * The pool as Kysely sees it, sending the hot path's statements by name
 * (db/prepared-names.ts): pg prepares a named statement the first time a
 * connection runs it and only binds and executes it after that.
 */
class NamedStatementPool implements PostgresPool {
  /** The connections found to take writes, when they were first handed out. */
  private readonly takingWrites = new WeakSet<pg.PoolClient>();
  /**
   * Each connection's schema generation, from when it was first handed out. The generation moves when a statement
   * prepared by name is refused because a migration changed its columns (a rolling upgrade): every connection of an
   * older generation may hold such statements, so each is closed instead of handed out again.
   */
  private readonly generationOf = new WeakMap<pg.PoolClient, number>();
  private generation = 0;

  constructor(private readonly pool: pg.Pool) {}

  /** A pooled connection prepared for the schema as it is now. */
  private async current(): Promise<pg.PoolClient> {
    for (;;) {
      const client = await this.pool.connect();
      const born = this.generationOf.get(client);
      if (born === undefined) this.generationOf.set(client, this.generation);
      if (born === undefined || born === this.generation) return client;
      client.release(new Error('prepared its statements before a migration'));
    }
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.current();
    // pg-pool hears a connection's errors only while it is idle in the pool. The database also ends one
    // that is checked out (idle_in_transaction_session_timeout below, a restart, a failover); unheard,
    // that 'error' event would end the process. Heard, the unit's next statement fails instead, and the
    // pool drops the connection when it comes back.
    client.on('error', ignoreError);
    if (!this.takingWrites.has(client)) {
      try {
        await refuseReadOnly(client);
      } catch (error) {
        client.removeListener('error', ignoreError);
        client.release(error as Error);
        throw error;
      }
      this.takingWrites.add(client);
    }
    // A connection whose database stopped taking writes after it was opened (default_transaction_read_only changed
    // and reloaded, as a managed service does when its storage runs low) refuses every write it carries from then on:
    // given back with that error, the pool closes it instead of keeping it for the next request.
    let noWrites: Error | undefined;
    const heard = (error: unknown) => {
      if (takesNoWrites(error)) noWrites = error as Error;
      if (isStalePreparedStatement(error) && this.generationOf.get(client) === this.generation) this.generation += 1;
      throw error;
    };
    const send = (text: string, parameters?: readonly unknown[]) => {
      countStatement(text);
      const name = statementNameOf(text);
      const sent = name
        ? client.query({ name, text, values: [...(parameters ?? [])] })
        : client.query(text, parameters as unknown[]);
      return sent.catch(heard);
    };
    // The unit's deferred writes (db/deferred-writes.ts), waiting for its next statement.
    let waiting: DeferredWrite[] = [];
    const sendWaiting = () => {
      const writes = waiting;
      waiting = [];
      const { text, values } = oneStatement(writes);
      return send(text, values);
    };
    const statement = async (sqlOrCursor: string, parameters?: readonly unknown[]) => {
      if (sqlOrCursor === DEFERRED) {
        waiting.push(...(parameters![0] as DeferredWrite[]));
        return { command: 'SELECT', rowCount: 0, rows: [] };
      }
      if (sqlOrCursor === FLUSH) {
        if (waiting.length) await sendWaiting();
        return { command: 'SELECT', rowCount: 0, rows: [] };
      }
      if (sqlOrCursor === 'rollback') waiting = [];
      // Before the COMMIT too: a COMMIT after a failed statement answers ROLLBACK without an error, so the writes are
      // sent and answered first, and their error is the unit's. (pg 8 warns of a query sent while another runs.)
      if (waiting.length) await sendWaiting();
      return send(sqlOrCursor, parameters);
    };
    const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      // A cursor (a report's rows, streamed) is handed back at once, as pg does: no unit defers writes before one.
      if (typeof sqlOrCursor === 'string') return statement(sqlOrCursor, parameters);
      if (waiting.length) throw new Error('a cursor opened while deferred writes wait: flush them first');
      return client.query(sqlOrCursor as pg.Submittable);
    };
    // One function for Kysely's two overloads (a text with its parameters, or a cursor): a cast.
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => {
        waiting = [];
        client.removeListener('error', ignoreError);
        client.release(noWrites);
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
