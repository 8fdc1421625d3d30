import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One `vitest run` covers every part; each part is a project with its own
 * environment. The server's tests run on real SQLite databases (and, in
 * 'server-postgres', on a throwaway PostgreSQL cluster).
 */
const SERVER_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 60_000 };
/**
 * The server's test files spend most of their time waiting (on PostgreSQL's processes, on timers, on the server
 * processes they start), so two run at once even on 2 cores, where vitest's default (one fewer than the cores) would
 * run one: the server's two projects take about 40% less time. Projects of another worker count need a group of their
 * own, run after the default one.
 */
const SERVER_WORKERS = { maxWorkers: 2, sequence: { groupOrder: 1 } };
/**
 * The other projects (the portal's jsdom files, CPU-bound) one file per core, at least two: vitest's default of one
 * fewer than the cores left one of a 2-core machine idle, and the portal's 91 files took 470 s there; 288 s with two.
 */
const CORE_WORKERS = { maxWorkers: Math.max(2, availableParallelism() - 1) };

/**
 * The server's tests again on PostgreSQL: one throwaway cluster for the run
 * (server/test/postgres/global-setup.ts: initdb and pg_ctl from Debian's
 * postgresql package, which .ci/run installs), each test's database made on
 * it. Tests about SQLite itself (its files, checkpoints, group commit, query
 * plans) stay in 'server' only.
 */
const postgresProject = {
  test: {
    name: 'server-postgres',
    include: ['server/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      'server/test/durability/**',
      'server/test/checkpointer.test.ts',
      'server/test/group-commit.test.ts',
      'server/test/postgres/cluster.test.ts',
      'server/test/reports/report-plans.test.ts',
    ],
    environment: 'node',
    ...SERVER_TIMEOUTS,
    ...SERVER_WORKERS,
    globalSetup: ['server/test/postgres/global-setup.ts'],
    env: { DATABASE_ENGINE: 'postgres' },
  },
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/**/*.test.ts'], environment: 'node', ...CORE_WORKERS } },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          ...SERVER_TIMEOUTS,
          ...SERVER_WORKERS,
        },
      },
      postgresProject,
      {
        plugins: [react()],
        test: {
          name: 'portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
          ...CORE_WORKERS,
          // A PC clock zone far from the company's (Asia/Dhaka): what a person reads must not follow it.
          env: { TZ: 'America/New_York' },
        },
      },
      { test: { name: 'electron', include: ['electron/**/*.test.ts'], environment: 'node', ...CORE_WORKERS } },
      { test: { name: 'cross', include: ['tests/unit/**/*.test.ts'], environment: 'node', ...CORE_WORKERS } },
    ],
  },
});
