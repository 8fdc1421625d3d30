import { sql } from 'kysely';
import type { Database } from './database';
import { engineOf, type Engine } from './engine';
import { ownBatch, WriteBatch } from './precompiled';
import { lockedRead, type LockedTable } from './row-lock';

/**
 * A repository: a class that holds the SQL of one module, made by a Reader or a Unit over its database (or the
 * unit's transaction) and itself. One whose constructor takes `unit: Unit` (to defer a write, lock a row) can only be
 * got from a unit: `reader.repo(It)` is a type error.
 */
export type RepositoryClass<R, S extends Reader = Reader> = new (db: Database, scope: S) => R;

/**
 * Reads outside any unit (Units.read): repositories over the database itself, each read its own statement. A unit is
 * a Reader too, so a read method takes `r: Reader` and runs inside a unit or outside one alike.
 */
export class Reader {
  readonly #db: Database;
  readonly #engine: Engine;
  readonly #repositories = new Map<RepositoryClass<unknown, never>, unknown>();

  constructor(db: Database) {
    this.#db = db;
    this.#engine = engineOf(db);
  }

  /** The repository `Repository` over this scope's database or transaction (made once per scope). */
  repo<R>(Repository: RepositoryClass<R, this>): R {
    let repository = this.#repositories.get(Repository as RepositoryClass<unknown, never>) as R | undefined;
    if (repository === undefined) {
      repository = new Repository(this.#db, this);
      this.#repositories.set(Repository as RepositoryClass<unknown, never>, repository);
    }
    return repository;
  }

  get engine(): Engine {
    return this.#engine;
  }
}

/** Rows a unit locks to run one at a time with the other units that write them. */
export type { LockedTable } from './row-lock';

/**
 * A unit of work in progress: one transaction (SQLite: a savepoint of the group commit, or its own transaction;
 * PostgreSQL: a pooled connection's transaction). Services never hold the transaction: they ask the unit for
 * repositories bound to it, `uow.repo(TripRepository)`. A method that must run inside a unit takes a Unit, which only
 * db/ makes (Units.run, Units.read, Units.hot), so calling it outside one is a type error. The unit owns its deferred
 * writes (`later`), its row and name locks and its savepoints: what differs between the engines stays here.
 */
export class Unit extends Reader {
  readonly #trx: Database;
  readonly #later: WriteBatch;
  /** What runs once this unit is committed (live events, issue #35): dropped with the unit when it rolls back. */
  readonly #afterCommit: (() => void)[];

  /** Made by db/ (runUnit, the group commit) over their transaction; they run `afterCommit` after it. */
  constructor(trx: Database, afterCommit: (() => void)[] = []) {
    if (!trx.isTransaction) throw new Error('a unit of work runs inside a transaction');
    super(trx);
    this.#trx = trx;
    this.#later = new WriteBatch(trx);
    this.#afterCommit = afterCommit;
    ownBatch(trx, this.#later);
  }

  /**
   * Runs `fn` after this unit's commit (a group's COMMIT on SQLite's hot path), never when it rolls back: how a unit
   * publishes what it changed (modules/live). `fn` must not throw (it runs after the answer is decided).
   */
  afterCommit(fn: () => void): void {
    this.#afterCommit.push(fn);
  }

  /**
   * Runs `work` with the unit's writes deferred: every write nothing reads back that a repository makes through
   * db/precompiled.ts (`write`, an `insertRows` without RETURNING) joins the unit's deferred writes, sent when `work`
   * returns (see `later`). Only writes nothing in `work` reads back may be made in it; a statement that reads runs at
   * once, before them. If `work` throws, nothing is sent (the unit rolls back anyway).
   */
  async deferred<T>(work: () => Promise<T>): Promise<T> {
    this.#later.deferring = true;
    try {
      const answer = await work();
      this.#later.deferring = false;
      await this.#later.send();
      return answer;
    } finally {
      this.#later.deferring = false;
    }
  }

  /**
   * A write nothing in the unit reads back (a ledger row, a history row, the PIN SMS, a lock released, a live
   * event's pg_notify), with `?` parameters, its text made once per shape (db/precompiled.ts). SQLite: runs at once
   * (a statement there is a call, not a round trip). PostgreSQL: kept, and sent with the unit's other deferred writes
   * as one statement of data-modifying CTEs (a `select` among them: a column of its final select) just before the
   * unit's next statement, its COMMIT at the latest (db/deferred-writes.ts). They must touch different rows.
   */
  later(sqlText: string, parameters: readonly unknown[]): Promise<void> {
    return this.#later.add(sqlText, parameters);
  }

  /**
   * Sends the deferred writes now and waits until they are stored (an error of theirs thrown here). Rarely needed:
   * the unit's next statement sends them first anyway.
   */
  flush(): Promise<void> {
    return this.#later.sendNow();
  }

  /** db/ (run-unit.ts): the work has returned; its deferred writes leave with the COMMIT. */
  static handOverLater(uow: Unit): Promise<void> {
    return uow.#later.send();
  }

  /** Whether deferred writes wait to be sent (PostgreSQL only: SQLite runs them at once). */
  get hasLater(): boolean {
    return this.#later.pending;
  }

  /**
   * PostgreSQL: takes the write lock of one row (by an update that changes nothing) until the unit ends. Units that
   * lock the same row run one after another: a READ COMMITTED unit waits, then reads what the other wrote; a
   * SERIALIZABLE one that read before is rolled back and run again. Locked, in this order: a reservation before a
   * ticket operation or a migration checks its state, a trip before a unit checks or claims its seats, a coupon
   * before its uses are counted, an agent account before its balance is read for a ledger row. SQLite: nothing, the
   * unit already holds the database's write lock.
   */
  async lockRow(table: LockedTable, id: number): Promise<void> {
    if (this.engine === 'sqlite') return;
    await lockedRead(this.#trx, { table, columns: 'id', where: 'id = ?', whereParameters: [id] });
  }

  /**
   * Whether a unique key's violation reruns this unit from its start (PostgreSQL: another unit committed the key
   * between this one's check and its insert, db/run-unit.ts), so a key that is almost never taken (a new PNR) need
   * not be looked up first: the rare collision fails the insert and the rerun draws another. SQLite: no rerun; the
   * unit holds the write lock, so a look-up first is exact.
   */
  get rerunsOnDuplicateKey(): boolean {
    return this.engine === 'postgres';
  }

  /**
   * PostgreSQL: a lock on a name (a transaction-level advisory lock on its 64-bit hash) until the unit ends, for a
   * rule on what has no row yet (an Idempotency-Key before its answer is stored). SQLite: nothing, as above.
   */
  async lockName(name: string): Promise<void> {
    if (this.engine === 'sqlite') return;
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(this.#trx);
  }

  /**
   * Runs one write so that, when it fails, only it is undone and the unit goes on (the error is rethrown). SQLite: a
   * failed statement is already undone alone, so the hot path pays nothing; PostgreSQL aborts the whole transaction at
   * a failed statement unless it ran in a savepoint (not released: the COMMIT releases it, one round trip fewer).
   */
  async savepoint<T>(name: string, work: () => Promise<T>): Promise<T> {
    if (this.engine === 'sqlite') return work();
    await sql`savepoint ${sql.id(name)}`.execute(this.#trx);
    try {
      const answer = await work();
      // The work's deferred writes are stored inside the savepoint, so that their failure too is undone alone.
      await this.flush();
      return answer;
    } catch (error) {
      await sql`rollback to savepoint ${sql.id(name)}`.execute(this.#trx);
      await sql`release savepoint ${sql.id(name)}`.execute(this.#trx);
      throw error;
    }
  }

  /** The transaction, for the storage layer (db/) only: lint keeps it out of the modules. */
  static transactionOf(uow: Unit): Database {
    return uow.#trx;
  }
}

/** A unit of work: everything it writes is stored together, or nothing is. */
export type Work<T> = (uow: Unit) => Promise<T>;

/** Reads outside a unit, each its own statement (synchronous when what it asks the Reader for is). */
export type ReadWork<T> = (r: Reader) => T;
