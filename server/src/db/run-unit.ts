import type { Database } from './database';
import { causeChain, isStalePreparedStatement } from './database-trouble';
import { engineOf } from './engine';
import { Unit, type Work } from './unit';

/**
 * `work` in a unit over `trx`; its deferred writes are sent when it returns. The unit's after-commit functions go into
 * `afterCommit`, for the caller to run once the transaction has committed. A unit's code reaches the database only
 * through the unit (services hold the Units port, never a Database: eslint.config.js STORAGE_BAN), so no query inside
 * it can wait for the connection its own transaction holds.
 */
export async function runWork<T>(work: Work<T>, trx: Database, afterCommit: (() => void)[] = []): Promise<T> {
  const unit = new Unit(trx, afterCommit);
  const answer = await work(unit);
  // PostgreSQL: the deferred writes leave with the COMMIT (db/deferred-writes.ts); SQLite has none waiting.
  await Unit.handOverLater(unit);
  return answer;
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
 * PostgreSQL's isolation for a unit: SERIALIZABLE by default (any code is
 * correct); READ COMMITTED for the selling hot path only (seat locks and
 * sales, db/group-commit.ts), whose units take their row locks themselves
 * (Unit.lockRow) because SERIALIZABLE's conflict detection, page by page in
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
