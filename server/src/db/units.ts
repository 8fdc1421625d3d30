import type { Database } from './database';
import type { Engine } from './engine';
import { groupCommitOf } from './group-commit';
import { liveBusOf, type LiveBus } from './live-bus';
import { runUnit } from './run-unit';
import { Reader, type ReadWork, type Work } from './unit';

export { Reader, Unit, type LockedTable, type ReadWork, type Work } from './unit';
export type { RepositoryClass } from './unit';
export { isRetryableConflict, runUnit, type Isolation } from './run-unit';

/**
 * The Units port: all a service holds of the storage (never the Database). A service asks for a unit and reaches
 * repositories only through it (`uow.repo(X)`, `r.repo(X)`); server/README.md, "Storage", has the words.
 */
export interface Units {
  /** The engine under the units (a service rarely needs it: engine differences live in db/ and the repositories). */
  readonly engine: Engine;
  /**
   * `work` as one transaction. SQLite: BEGIN IMMEDIATE, one after another. PostgreSQL: SERIALIZABLE, rerun from the
   * start on a serialization failure or deadlock (30 tries), a unique violation or a stale prepared statement (3).
   */
  run<T>(work: Work<T>): Promise<T>;
  /** Reads outside any transaction, each its own statement (a unit is a Reader too: read methods take `r: Reader`). */
  read<T>(work: ReadWork<T>): T;
  /**
   * The selling hot path (seat locks and sales): SQLite's group commit (units arriving together share one BEGIN and
   * one COMMIT, each in its own savepoint; db/group-commit.ts); PostgreSQL: a READ COMMITTED transaction per unit,
   * which takes its row locks itself (`uow.lockRow`).
   */
  hot<T>(work: Work<T>): Promise<T>;
  /** Units per committed group of the hot path, newest last (SQLite; empty on PostgreSQL): tests and the bench. */
  readonly recentGroupSizes: readonly number[];
  /**
   * The live events' bus of this database (issue #35, db/live-bus.ts): a unit raises on it (modules/live/raise.ts),
   * the live module's hub listens to it.
   */
  readonly live: LiveBus;
}

class DatabaseUnits implements Units {
  readonly engine: Engine;
  readonly live: LiveBus;
  readonly #reader: Reader;

  constructor(private readonly db: Database) {
    this.#reader = new Reader(db);
    this.engine = this.#reader.engine;
    this.live = liveBusOf(db);
  }

  run<T>(work: Work<T>): Promise<T> {
    return runUnit(this.db, work);
  }

  read<T>(work: ReadWork<T>): T {
    return work(this.#reader);
  }

  hot<T>(work: Work<T>): Promise<T> {
    return groupCommitOf(this.db).run(work);
  }

  get recentGroupSizes(): readonly number[] {
    return groupCommitOf(this.db).recentGroupSizes;
  }
}

const unitsByDatabase = new WeakMap<Database, Units>();

/** The Units over a Database openDatabase() returned (one per database: the wiring, the CLI and tests share it). */
export function unitsOf(db: Database): Units {
  let units = unitsByDatabase.get(db);
  if (units === undefined) {
    units = new DatabaseUnits(db);
    unitsByDatabase.set(db, units);
  }
  return units;
}
