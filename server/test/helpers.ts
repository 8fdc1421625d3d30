import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig, type Config, type Env } from '../src/config';
import { migrateToLatest, openDatabase, type Database } from '../src/db/database';
import { createRowTrigger, dropRowTrigger, refuseStatement, type RowTrigger } from '../src/db/migrations/engine-sql';
import { seedDemoWorld } from '../src/db/seed';
import { ManualClock } from '../src/lib/clock';
import type { SmsProvider } from '../src/modules/sms/provider';
import { createDatabaseOn, dropDatabaseOn } from './postgres/cluster';

export const PASSWORDS: Record<string, string> = {
  agent: 'Agent@123',
  seller: 'Seller@123',
  postpaid: 'Postpaid@123',
  expiring: 'Expiring@123',
};

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  config: Config;
  dir: string;
  call(
    method: 'GET' | 'POST',
    url: string,
    opts?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> },
    // Tests read whatever JSON came back and assert on it; a loose type keeps them readable.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(username: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Settings for tests: cheap hashing, quiet logs, limits out of the way unless a test lowers them. */
export function testEnv(dir: string, env: Env = {}): Env {
  return {
    DATABASE_URL: path.join(dir, 'test.sqlite'),
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '10',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000',
    OTP_RATE_LIMIT_PER_HOUR: '1000',
    OTP_RATE_LIMIT_PER_ADDRESS_PER_HOUR: '1000',
    LOGIN_BACKOFF_FREE_FAILURES: '1000',
    LOGIN_BACKOFF_USERNAME_FREE_FAILURES: '1000',
    PNR_RATE_LIMIT_PER_MINUTE: '1000',
    // Suites move the clock by days with one sign-in; session-lifetime.test.ts tests the real limits.
    SESSION_MAX_HOURS: '8760',
    // The retention job runs when a test calls it (retention.test.ts), never behind a test's back.
    RETENTION_SWEEP_MINUTES: '0',
    ...env,
  };
}

/**
 * The engine this test run uses: SQLite unless the run is the 'server-postgres'
 * project (vitest.config.ts), which sets DATABASE_ENGINE=postgres and starts a
 * throwaway cluster (postgres/global-setup.ts).
 */
export const ENGINE: 'sqlite' | 'postgres' = process.env.DATABASE_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

function postgresAdminUrl(): string {
  const url = process.env.TEST_POSTGRES_ADMIN_URL;
  if (!url)
    throw new Error(
      'DATABASE_ENGINE=postgres needs TEST_POSTGRES_ADMIN_URL (the server-postgres project starts a cluster and sets it)',
    );
  return url;
}

/**
 * Migrated (and seeded) PostgreSQL databases this worker made, by what they were made with: the next
 * context with the same options starts as a copy (createDatabaseOn's template) in tens of
 * milliseconds instead of migrating and seeding again. The seed reads the options' env and the
 * fixed start clock, nothing else, so equal options make equal databases.
 */
const postgresTemplates = new Map<string, Promise<string>>();

/** A fresh database for one test context: a SQLite file in `dir`, or a new PostgreSQL database already prepared. */
async function freshDatabase(
  dir: string,
  options: ContextOptions,
): Promise<{ url: string; prepared: boolean; drop(): Promise<void> }> {
  if (ENGINE === 'sqlite') return { url: path.join(dir, 'test.sqlite'), prepared: false, drop: async () => undefined };
  const admin = options.postgresAdminUrl ?? postgresAdminUrl();
  const key = JSON.stringify({ admin, seed: options.seed !== false, env: options.env ?? {} });
  let template = postgresTemplates.get(key);
  if (!template) {
    template = (async () => {
      const url = await createDatabaseOn(admin);
      const db = openDatabase(loadConfig(testEnv(dir, { DATABASE_URL: url, ...options.env })).database);
      try {
        await prepare(db, options);
      } finally {
        await db.destroy();
      }
      return url;
    })();
    postgresTemplates.set(key, template);
  }
  const url = await createDatabaseOn(admin, await template);
  return { url, prepared: true, drop: () => dropDatabaseOn(admin, url) };
}

type ContextOptions = {
  env?: Env;
  sms?: SmsProvider;
  seed?: boolean;
  logStream?: { write(line: string): void };
  /** A cluster of the test's own (postgres/cluster.ts) instead of the run's: for a test that upsets a whole cluster. */
  postgresAdminUrl?: string;
};

const START = '2026-01-15T06:00:00.000Z';

async function prepare(db: Database, options: ContextOptions): Promise<void> {
  await migrateToLatest(db);
  const config = loadConfig(testEnv('.', options.env));
  if (options.seed !== false) await seedDemoWorld(db, { clock: new ManualClock(START), config });
}

/** Requests to `app` as the tests make them: JSON in, JSON (or text) out, a token as a bearer. */
export function callerOf(app: FastifyInstance): TestContext['call'] {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const request: InjectOptions = { method, url, headers };
    if (opts.body !== undefined) request.payload = opts.body as InjectOptions['payload'];
    const res = await app.inject(request);
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON (static files, docs page)
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
}

/** Signs a demo user in through `call`, answering the token; a refusal fails the test. */
export function loginWith(call: TestContext['call']): TestContext['login'] {
  return async (username, password = PASSWORDS[username] ?? '', extra = {}) => {
    const res = await call('POST', '/api/login', { body: { username, password, ...extra } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
}

/**
 * A real app on a fresh, migrated and seeded database: a SQLite file in a temp folder, or a new PostgreSQL database.
 */
export async function createTestContext(options: ContextOptions = {}): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-server-'));
  const database = await freshDatabase(dir, options);
  const config = loadConfig(testEnv(dir, { DATABASE_URL: database.url, ...options.env }));
  const db = openDatabase(config.database);
  if (!database.prepared) await prepare(db, options);
  const clock = new ManualClock(START);
  const app = await buildApp({
    config,
    db,
    clock,
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });

  const call = callerOf(app);

  return {
    app,
    db,
    clock,
    config,
    dir,
    call,
    login: loginWith(call),
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function userId(db: Database, username: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes the database itself refuse the matching row writes with `message` (a failure injected in the
 * middle of a unit of work), on either engine; the returned function lifts it.
 */
export async function refuseWrites(
  db: Database,
  trigger: Omit<RowTrigger, 'timing' | 'body'>,
  message: string,
): Promise<() => Promise<void>> {
  const migrationDb = db as unknown as Kysely<unknown>;
  await createRowTrigger(migrationDb, { ...trigger, timing: 'before', body: refuseStatement(migrationDb, message) });
  return () => dropRowTrigger(migrationDb, trigger.name, trigger.table);
}

/**
 * The DATABASE_URL another process (an operator command line, a second server) needs to open the context's database.
 */
export function databaseUrlOf(config: Config): string {
  const location = config.database;
  if (location.kind === 'memory') throw new Error('an in-memory database cannot be shared with another process');
  return location.kind === 'file' ? location.file : location.url;
}
