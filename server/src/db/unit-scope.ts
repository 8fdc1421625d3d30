import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the running code is a unit of work's (runUnit and the group commit
 * run each unit's work in this scope). Inside a unit every query goes
 * through the unit (uow.repo(...)): a query on the database itself would, on
 * SQLite, wait forever for the one connection the unit's transaction holds,
 * and on PostgreSQL run outside the unit, seeing neither its writes nor its
 * locks. The drivers (db/database.ts, db/postgres-pool.ts) refuse a new
 * connection inside a unit at once, naming the mistake, instead.
 */
const scope = new AsyncLocalStorage<true>();

/**
 * The check is a programming aid, on where the code is exercised: the test suite sets UNIT_SCOPE_CHECKS=on
 * (vitest.config.ts), and a developer may. Off by default: on Node 20 an AsyncLocalStorage in use costs every
 * promise a hook, and bench:sell on SQLite read 8% fewer sales with it on (server/bench/README.md).
 */
const checking = process.env.UNIT_SCOPE_CHECKS === 'on';

export function inUnitScope<T>(work: () => Promise<T>): Promise<T> {
  return checking ? scope.run(true, work) : work();
}

export function refuseInsideUnit(): void {
  if (checking && scope.getStore())
    throw new Error(
      'a query on the database itself inside a unit of work: pass the unit (uow) to the method, or use uow.repo(...)',
    );
}
