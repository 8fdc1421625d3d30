import { sql } from 'kysely';
import type { Database } from './database';
import { causeChain, isStalePreparedStatement } from './database-trouble';
import { engineOf, type Engine } from './engine';
import { WriteBatch } from './precompiled';
import { inUnitScope } from './unit-scope';

export { WriteBatch };

/** A repository: a class made over a database (or a unit's transaction) that holds the SQL of one module. */
export type RepositoryClass<R> = new (db: Database) => R;

/**
 * A unit of work in progress: one transaction (SQLite: a savepoint of the
 * group commit, or its own transaction; PostgreSQL: a pooled connection's
 * transaction). Services never hold the transaction: they ask the unit for
 * repositories bound to it, `uow.repo(TripRepository)`, one per class and
 * unit. A method that must run inside a unit takes a Unit, which only
 * runUnit and the group commit make, so calling it outside one is a type
 * error, and a repository got from the unit cannot read past the unit (on
 * SQLite's one connection, a read outside the open group would wait forever
 * for the connection the group holds).
 */
export class Unit {
  readonly #trx: Database;
  readonly #repositories = new Map<RepositoryClass<unknown>, unknown>();
  /** What runs once this unit is committed (live events, issue #35): dropped with the unit when it rolls back. */
  readonly #afterCommit: (() => void)[];

  /** Made by runUnit and the group commit (db/), over their transaction; `afterCommit` is the list they run after it. */
  constructor(trx: Database, afterCommit: (() => void)[] = []) {
    if (!trx.isTransaction) throw new Error('a unit of work runs inside a transaction');
    this.#trx = trx;
    this.#afterCommit = afterCommit;
  }

  /**
   * Runs `fn` after this unit's commit (a group's COMMIT on SQLite's hot path), never when it rolls back: how a unit
   * publishes what it changed (modules/live). `fn` must not throw (it runs after the answer is decided).
   */
  afterCommit(fn: () => void): void {
    this.#afterCommit.push(fn);
  }

  /** The repository `Repository` bound to this unit's transaction (made once per unit). */
  repo<R>(Repository: RepositoryClass<R>): R {
    let repository = this.#repositories.get(Repository) as R | undefined;
    if (repository === undefined) {
      repository = new Repository(this.#trx);
      this.#repositories.set(Repository, repository);
    }
    return repository;
  }

  get engine(): Engine {
    return engineOf(this.#trx);
  }

  /** The transaction, for the storage layer (db/) only: lint keeps it out of the modules. */
  static transactionOf(uow: Unit): Database {
    return uow.#trx;
  }
}

/**
 * For a read that may run inside a unit or outside any (`uow?: Unit`): the unit's repository when there is one, else
 * `outside`, the service's own over the database.
 */
export function repoIn<R>(uow: Unit | undefined, Repository: RepositoryClass<R>, outside: R): R {
  return uow ? uow.repo(Repository) : outside;
}

/** A unit of work: everything it writes is stored together, or nothing is. */
export type Work<T> = (uow: Unit) => Promise<T>;

/**
 * `work` in a unit over `trx`, in the unit scope (db/unit-scope.ts): a query on the database itself is refused. The
 * unit's after-commit functions go into `afterCommit`, for the caller to run once the transaction has committed.
 */
export function runWork<T>(work: Work<T>, trx: Database, afterCommit: (() => void)[] = []): Promise<T> {
  return inUnitScope(() => work(new Unit(trx, afterCommit)));
}

/** Runs the after-commit functions of a committed unit (one failing does not stop the others). */
export function runAfterCommit(fns: readonly (() => void)[]): void {
  for (const fn of fns) {
    try {
      fn();
    } catch {
      // Nothing to undo: the unit is committed; a publisher's fault must not turn a stored sale into an error.
    }
  }
}

/**
 * Runs `work`'s writes as one batch of the unit (db/precompiled.ts, WriteBatch), sent when `work` returns, and answers
 * what `work` does. A write into the batch is not seen by `work`'s reads on PostgreSQL (it is sent at the end): only
 * writes nothing in `work` reads back go in it. If `work` throws, the batch is not sent (the unit rolls back anyway).
 */
export async function batchedWrites<T>(uow: Unit, work: (batch: WriteBatch) => Promise<T>): Promise<T> {
  const batch = new WriteBatch(Unit.transactionOf(uow));
  const answer = await work(batch);
  await batch.send();
  return answer;
}

/**
 * PostgreSQL's isolation for a unit: SERIALIZABLE by default (any code is
 * correct); READ COMMITTED for the selling hot path only (seat locks and
 * sales, db/group-commit.ts), whose units take their row locks themselves
 * (lockForWrite) because SERIALIZABLE's conflict detection, page by page in
 * the indexes, also stops sales of different seats on neighbouring trips.
 */
export type Isolation = 'serializable' | 'read committed';

/** Not a SQLSTATE: 0A000 is also PostgreSQL's answer to features it lacks, which no rerun mends. */
const STALE_PLAN = 'stale prepared statement';

/**
 * PostgreSQL's answers that mean "this transaction met another one and was
 * rolled back; run it again", with the attempts each deserves:
 * - serialization_failure and deadlock_detected: the other unit may still
 *   be running, and they may meet again.
 * - unique_violation: another unit committed the same key (a deposit
 *   reference, an idempotency key) between this one's check and its insert,
 *   which PostgreSQL reports as such when the check did not read the index
 *   entry. The other unit has committed, so one rerun sees its row and gives
 *   the answer the check exists for (DUPLICATE_REFERENCE_NUMBER, the stored
 *   answer replayed); a unique violation that is not a race stays an error.
 * - a statement prepared before a rolling upgrade's migration changed its
 *   columns: the rerun runs on a connection opened after it.
 */
const ATTEMPTS_BY_CODE: Record<string, number> = { '40001': 30, '40P01': 30, '23505': 3, [STALE_PLAN]: 3 };

/** The conflict's PostgreSQL code (or STALE_PLAN), from the error or one it wraps (an AppError keeps its cause). */
function conflictCode(error: unknown): string | null {
  if (isStalePreparedStatement(error)) return STALE_PLAN;
  for (const e of causeChain(error)) {
    const code = String((e as { code?: unknown }).code);
    if (code in ATTEMPTS_BY_CODE) return code;
  }
  return null;
}

/** The error is a collision with another unit that running again can resolve. */
export function isRetryableConflict(error: unknown): boolean {
  return conflictCode(error) !== null;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` as one transaction; inside a unit already, it joins that one.
 *
 * - SQLite: one BEGIN IMMEDIATE transaction (db/database.ts): the write lock
 *   is taken first, so units of every process run one after another and a
 *   check followed by a write inside a unit is atomic.
 * - PostgreSQL: a SERIALIZABLE transaction on a pooled connection. Units run
 *   side by side, on several connections and in several server processes;
 *   PostgreSQL guarantees their outcome is that of some one-after-another
 *   order, and rolls back a unit that would break that (two sales that each
 *   read the seat as free, two debits that each read the same balance, two
 *   requests with the same idempotency key). Such a unit is run again from
 *   its start, on fresh data, where it sees the other's write and answers
 *   accordingly (the seat is taken, the stored answer is replayed). The same
 *   unit code is therefore correct on both engines without a lock per rule;
 *   it must only keep its side effects inside the transaction (they are).
 */
export async function runUnit<T>(db: Database, work: Work<T>, isolation: Isolation = 'serializable'): Promise<T> {
  if (db.isTransaction) throw new Error('runUnit is given the database, not a transaction: pass the unit instead');
  if (engineOf(db) === 'sqlite') {
    const after: (() => void)[] = [];
    const answer = await db.transaction().execute((trx) => runWork(work, trx, after));
    runAfterCommit(after);
    return answer;
  }
  for (let attempt = 1; ; attempt++) {
    // Each attempt collects afresh: what a rolled-back attempt raised is never published.
    const after: (() => void)[] = [];
    try {
      const answer = await db
        .transaction()
        .setIsolationLevel(isolation)
        .execute((trx) => runWork(work, trx, after));
      runAfterCommit(after);
      return answer;
    } catch (error) {
      const code = conflictCode(error);
      if (code === null || attempt >= (ATTEMPTS_BY_CODE[code] ?? 0)) throw error;
      // A short random pause lets the unit it met finish first instead of meeting it again.
      await pause(Math.random() * Math.min(2 * attempt, 20));
    }
  }
}

/**
 * Runs one write inside the unit `uow` so that, when it fails, only it is
 * undone and the unit can go on (the error is rethrown for the caller to
 * handle). On SQLite a failed statement is already undone alone (statement
 * atomicity), so the sale's hot path pays nothing; PostgreSQL aborts the
 * whole transaction at a failed statement unless it ran in a savepoint.
 */
export async function withSavepoint<T>(uow: Unit, name: string, work: () => Promise<T>): Promise<T> {
  if (uow.engine === 'sqlite') return work();
  const trx = Unit.transactionOf(uow);
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    // Not released: the unit's COMMIT releases it with everything else, one round trip fewer per sale.
    return await work();
  } catch (error) {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    throw error;
  }
}

/** Rows a unit locks to run one at a time with the other units that write them. */
export type LockedTable = 'reservations' | 'trips' | 'agent_accounts' | 'coupons';

/**
 * Inside a unit on PostgreSQL: takes the write lock of one row (by an update
 * that changes nothing) until the unit ends. Units that lock the same row run
 * one after another: a READ COMMITTED unit waits, then reads what the other
 * wrote; a SERIALIZABLE one that read before is rolled back and run again
 * (db/units.ts). Locked, in this order: a reservation before a ticket operation
 * or a migration checks its state (only those: a plain sale takes no such lock),
 * a trip before a unit checks or claims
 * its seats, a coupon before its uses are counted, an agent account before
 * its balance is read for a ledger row. On SQLite nothing: a unit already
 * holds the database's write lock.
 */
export async function lockForWrite(uow: Unit, table: LockedTable, id: number): Promise<void> {
  if (uow.engine === 'sqlite') return;
  await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(Unit.transactionOf(uow));
}

/**
 * Inside a unit on PostgreSQL: a lock on a name (a transaction-level advisory
 * lock on its 64-bit hash) until the unit ends, for a rule on something that
 * has no row yet, such as an Idempotency-Key before its answer is stored. A
 * READ COMMITTED unit that waited then reads what the holder committed. On
 * SQLite nothing: a unit already holds the database's write lock.
 */
export async function lockName(uow: Unit, name: string): Promise<void> {
  if (uow.engine === 'sqlite') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(Unit.transactionOf(uow));
}
