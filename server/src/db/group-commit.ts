import type { ControlledTransaction } from 'kysely';
import { GroupConnection, SqliteDatabase, type Database } from './database';
import { engineOf } from './engine';
import type { DB } from './schema';
import { runAfterCommit, runUnit, runWork } from './run-unit';
import type { Work } from './unit';

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const SAVEPOINT = 'savepoint unit';
const RELEASE = 'release unit';
const ROLLBACK_TO = 'rollback to unit';

/**
 * Group commit for the selling hot path (seat locks and sales).
 *
 * The server has one SQLite connection, so write transactions already run
 * one after another; what each one pays on its own is BEGIN IMMEDIATE and,
 * above all, COMMIT (the WAL append of the pages it rewrites, and the sync
 * of the WAL to the disk that synchronous = FULL makes every COMMIT wait
 * for, db/database.ts). Units of work
 * that arrive while a group is open join it: one BEGIN IMMEDIATE, then per
 * unit SAVEPOINT ... RELEASE, or ROLLBACK TO when the unit throws, then one
 * COMMIT for all.
 *
 * Why this keeps "one database transaction per money movement": the rule
 * is there so a money movement is atomic (the seats, the reservation, the
 * ledger debit, the commission and the events are all written or none is)
 * and isolated (its checks see everything committed before it and nothing
 * half-done). Inside a group each unit is its own savepoint: a unit that
 * fails at any point is rolled back to its savepoint, leaving no row and no
 * charge, while its group-mates stand; units run strictly one after another
 * on the one connection, each seeing the writes of those before it, exactly
 * as consecutive transactions would. The only thing shared is durability: a
 * unit's answer is released only after the group's COMMIT has returned,
 * and if that COMMIT fails, or SQLite ends the transaction itself after a
 * unit's error (SQLITE_FULL: no room for a page), every unit of the group
 * is refused, with that error (test/selling/database-cannot-store.test.ts). Under
 * synchronous = FULL (db/database.ts) a COMMIT returns once the group's WAL
 * frames are synced to the disk, so no caller is ever told of a sale that
 * a power loss or an OS crash can take back; under NORMAL the COMMIT would
 * only have reached the OS's cache, and a crash would roll back every group
 * since the last checkpoint. One sync per group, not per sale, is what the
 * group commit saves. Tests: server/test/group-commit.test.ts (all or
 * nothing per unit), server/test/durability/ (a lost WAL tail, kill -9).
 *
 * The group's transaction owns the connection from BEGIN to COMMIT (Kysely
 * holds its connection mutex), so the savepoints and the units' statements
 * run on the connection directly, in order, inside it: the units' Unit is
 * over the database's GroupConnection (db/database.ts), open only while the
 * group runs.
 */
export class GroupCommit implements UnitRunner {
  private readonly queue: Job[] = [];
  private draining = false;
  /** Units per committed group, newest last (a few, for tests and the bench). */
  readonly recentGroupSizes: number[] = [];

  private readonly units: GroupConnection;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly maxUnits = 64,
  ) {
    this.units = new GroupConnection(db.statements);
  }

  /** Runs `work` in a savepoint of the next group; resolves after that group commits. */
  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // Requests are read one per I/O callback and a unit runs through to its commit in
        // microtasks, so starting at once would make groups of one. setImmediate runs after
        // this turn's I/O callbacks, by when every request read in it has queued its unit.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) await this.group();
    } finally {
      this.draining = false;
    }
  }

  private async group(): Promise<void> {
    let trx: ControlledTransaction<DB>;
    try {
      trx = await this.db.startTransaction().execute();
      // The group's transaction holds the connection from BEGIN to COMMIT: the units' statements
      // (and the savepoints here) run on it directly (database.ts, GroupConnection).
      this.units.setOpen(true);
    } catch (error) {
      for (const job of this.queue.splice(0, this.maxUnits)) job.reject(error);
      return;
    }
    const settled: { job: Job; ok: boolean; value: unknown; after: (() => void)[] }[] = [];
    let current: Job | undefined;
    const exec = (statement: string) => this.db.statements.prepared(statement).run();
    try {
      // Units that arrive while this group runs join it, up to maxUnits.
      while (settled.length < this.maxUnits && (current = this.queue.shift())) {
        exec(SAVEPOINT);
        // The unit's after-commit functions (its live events) run only after the GROUP's COMMIT, and only if it stood.
        const after: (() => void)[] = [];
        try {
          const value = await runWork(current.work, this.units, after);
          exec(RELEASE);
          settled.push({ job: current, ok: true, value, after });
        } catch (error) {
          // SQLite ends the whole transaction itself after some errors (SQLITE_FULL: no room for a page; an I/O
          // error): nothing of the group is stored then, and the unit's error is what every unit of it is told.
          if (!this.db.statements.sqlite.inTransaction) throw error;
          exec(ROLLBACK_TO);
          exec(RELEASE);
          settled.push({ job: current, ok: false, value: error, after: [] });
        }
        current = undefined;
      }
      this.units.setOpen(false);
      await trx.commit().execute();
    } catch (error) {
      // A savepoint could not be rolled back, or COMMIT failed: nothing of the group is stored.
      this.units.setOpen(false);
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      current?.reject(error);
      for (const s of settled) s.job.reject(s.ok ? error : s.value);
      return;
    }
    this.recentGroupSizes.push(settled.length);
    if (this.recentGroupSizes.length > 100) this.recentGroupSizes.splice(0, 50);
    for (const s of settled) if (s.ok) runAfterCommit(s.after);
    for (const s of settled) (s.ok ? s.job.resolve : s.job.reject)(s.value);
  }
}

/** Runs units of work on the selling hot path. */
export interface UnitRunner {
  run<T>(work: Work<T>): Promise<T>;
  /** Units per committed group, newest last (SQLite's group commit; empty on PostgreSQL). */
  readonly recentGroupSizes: readonly number[];
}

/**
 * PostgreSQL commits concurrent transactions together by itself (its WAL
 * writer flushes the commits that wait at the same moment with one sync), so
 * there each unit is its own transaction (db/units.ts), side by side on the
 * pool's connections: READ COMMITTED, the seat lock and the sale taking the
 * trip's and the account's row locks (Unit.lockRow) before they read what
 * they check.
 */
class OwnTransactions implements UnitRunner {
  readonly recentGroupSizes: readonly number[] = [];
  constructor(private readonly db: Database) {}
  run<T>(work: Work<T>): Promise<T> {
    return runUnit(this.db, work, 'read committed');
  }
}

/** The one GroupCommit of each SQLite database (every writer on its connection must share it). */
const groupCommits = new WeakMap<SqliteDatabase, GroupCommit>();

/** The group commit of a SQLite database (made on first use); on PostgreSQL, a transaction per unit. */
export function groupCommitOf(db: Database): UnitRunner {
  if (db instanceof SqliteDatabase) {
    let group = groupCommits.get(db);
    if (group === undefined) groupCommits.set(db, (group = new GroupCommit(db)));
    return group;
  }
  if (engineOf(db) === 'postgres') return new OwnTransactions(db);
  throw new Error('groupCommitOf() needs the Database openDatabase() returned');
}
