/**
 * How long a migration may hold up the counters on a live PostgreSQL database.
 *
 * In a rolling upgrade the old server processes sell while a new one migrates.
 * A migration that alters a table the sales write (reservations, seats, the
 * ledger) needs that table's ACCESS EXCLUSIVE lock, which waits behind every
 * transaction that has read the table (a report, a backup's dump), and every
 * sale that comes after queues behind the waiting migration. With the pool's
 * lock_timeout (DATABASE_LOCK_TIMEOUT_SECONDS, 10 s) the counters stood still
 * that long, then the sales failed with DATABASE_BUSY.
 *
 * So on PostgreSQL a migration waits for a lock at most `waitMs` (the longest
 * a sale then queues behind it), gives up (all pending migrations run in one
 * transaction, so nothing is left half-done), pauses so the queued sales go
 * through, and tries again, a little later each time, like GitLab's
 * with_lock_retries. SQLite needs none of it: a migration there is one
 * writer's turn, as a group of sales is.
 */
import { sql, type Migration } from 'kysely';
import { chainHasCode } from './database-trouble';

export interface MigrationLockWaits {
  /** The longest one statement of a migration waits for a lock, and so the longest a sale queues behind it. */
  readonly waitMs: number;
  /** How many times the migrations are tried before the start fails. */
  readonly tries: number;
  /** The pause after failed try `attempt` (1, 2, ...), while the sales that queued go through. */
  pauseMs(attempt: number): number;
}

/** 0.5 s per try; pauses of 0.25, 0.5, 1, 2, 4, then 5 s: 20 tries give other transactions about 90 s to end. */
export const MIGRATION_LOCK_WAITS: MigrationLockWaits = {
  waitMs: 500,
  tries: 20,
  pauseMs: (attempt) => Math.min(250 * 2 ** (attempt - 1), 5_000),
};

/**
 * `migrations`, each first bounding its transaction's lock waits to `waitMs` (`set local`: the transaction's own, so
 * the pooled connection keeps the pool's lock_timeout afterwards). The pending migrations share one transaction.
 */
export function withBoundedLockWaits(migrations: Record<string, Migration>, waitMs: number): Record<string, Migration> {
  const bound = Math.max(1, Math.round(waitMs));
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        async up(db) {
          await sql`set local lock_timeout = ${sql.lit(bound)}`.execute(db);
          await migration.up(db);
        },
      } satisfies Migration,
    ]),
  );
}

/** Whether a migration failed only because a lock it needed was held past its wait (SQLSTATE 55P03). */
export function isLockWaitTimeout(error: unknown): boolean {
  return chainHasCode(error, '55P03');
}
