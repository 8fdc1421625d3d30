import type SQLite from 'better-sqlite3';
import { setTimeout as pause } from 'node:timers/promises';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';

/**
 * How long a statement waits for another process's lock on the SQLite file
 * (an operator's command, a backup tool, sqlite3 left inside a transaction)
 * before it is refused: 503 DATABASE_BUSY (db/database-trouble.ts), nothing
 * saved.
 */
export const SQLITE_LOCK_WAIT_MS = 5000;

/** Pauses between tries while the file is locked: short at first (most locks are held for milliseconds), then 25 ms. */
const PAUSES_MS = [1, 2, 5, 10, 15, 20, 25];

/**
 * Turns on the one connection, first come first served: the driver gives the
 * connection to one caller at a time, as Kysely's own SQLite driver does
 * with its mutex. Only the caller whose turn it is gives it back.
 */
export class ConnectionTurns {
  #tail: Promise<void> = Promise.resolve();
  #end: (() => void) | null = null;

  /** Resolves when it is the caller's turn. */
  async take(): Promise<void> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const before = this.#tail;
    this.#tail = before.then(() => ended);
    await before;
    this.#end = end;
  }

  /** Ends the current turn: the next caller in line gets the connection. */
  give(): void {
    const end = this.#end;
    this.#end = null;
    end?.();
  }
}

/**
 * Kysely's own SQLite connection (`connection`, which runs each statement),
 * waiting for another process's lock without holding the server's thread.
 *
 * SQLite's busy_timeout waits inside the call: on the server's only thread,
 * so while another process held the write lock nothing of this process was
 * answered, not a seat map, not even /api/health. The connection's
 * busy_timeout is therefore 0 (db/database.ts, applyServerPragmas), and a
 * statement run outside a transaction (a BEGIN IMMEDIATE, or a write on its
 * own: a session, a PIN try) that finds the file locked is tried again after
 * a pause, for up to SQLITE_LOCK_WAIT_MS. Refused, such a statement did
 * nothing, so running it again is safe; inside a transaction this
 * connection already holds the write lock (BEGIN IMMEDIATE), so a statement
 * there never meets another's.
 *
 * While it pauses, the statement gives up its turn on the connection
 * (`turns`, which the driver keeps in place of Kysely's mutex): this
 * process's reads, and its writes that find the file free again first, run
 * meanwhile (in WAL mode a read never waits for a writer). The statement then
 * queues for its turn again, behind them. (So a `db.connection()` block is
 * not the connection's alone while one of its statements outside a
 * transaction waits: the server's only such block is Kysely's migrator, run
 * at start before the server listens.)
 */
export class LockWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly connection: DatabaseConnection,
    private readonly sqlite: SQLite.Database,
    private readonly turns: ConnectionTurns,
    private readonly waitMs = SQLITE_LOCK_WAIT_MS,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let deadline = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.connection.executeQuery<R>(query);
      } catch (error) {
        if (!lockedByAnother(error) || this.sqlite.inTransaction) throw error;
        deadline ||= performance.now() + this.waitMs;
        const pauseMs = PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)]!;
        if (performance.now() + pauseMs > deadline) throw error;
        this.turns.give();
        await pause(pauseMs);
        await this.turns.take();
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

/** SQLITE_BUSY and its extended codes: another connection holds the lock this statement needs. */
function lockedByAnother(error: unknown): boolean {
  return String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_BUSY');
}
