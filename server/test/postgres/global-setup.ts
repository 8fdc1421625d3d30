/**
 * vitest globalSetup for the 'server-postgres' project: one throwaway PostgreSQL
 * cluster for the whole run, started before the project's first test file and
 * stopped (its folder removed) after the last.
 *
 * The cluster object stays in this (the main vitest) process; tests get only its
 * admin URL, and make and drop their own databases with createDatabaseOn /
 * dropDatabaseOn from ./cluster:
 *   - inject('postgresAdminUrl') from 'vitest' (provided to this project only), and
 *   - process.env.TEST_POSTGRES_ADMIN_URL, which forked workers inherit (set here before
 *     any worker starts; note it is process-wide, so a 'server' (SQLite) worker of the
 *     same run sees it too: choose the engine by DATABASE_ENGINE, not by this variable).
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayCluster } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:<port>/postgres of the run's throwaway cluster. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startThrowawayCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  const previous = process.env.TEST_POSTGRES_ADMIN_URL;
  process.env.TEST_POSTGRES_ADMIN_URL = cluster.adminUrl;
  return async () => {
    if (previous === undefined) delete process.env.TEST_POSTGRES_ADMIN_URL;
    else process.env.TEST_POSTGRES_ADMIN_URL = previous;
    await cluster.stop();
  };
}
