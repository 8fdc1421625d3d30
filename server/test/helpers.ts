import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config, type Env } from '../src/config';
import { migrateToLatest, openDatabase, type Database } from '../src/db/database';
import { seedDemoWorld } from '../src/db/seed';
import { ManualClock } from '../src/lib/clock';
import type { SmsProvider } from '../src/modules/sms/provider';

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
  // Tests read whatever JSON came back and assert on it; a loose type keeps them readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: 'GET' | 'POST', url: string, opts?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
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

/** A real app on a fresh, migrated and seeded SQLite file in a temp folder. */
export async function createTestContext(
  options: { env?: Env; sms?: SmsProvider; seed?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-server-'));
  const config = loadConfig(testEnv(dir, options.env));
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const clock = new ManualClock('2026-01-15T06:00:00.000Z');
  if (options.seed !== false) await seedDemoWorld(db, { clock, config });
  const app = await buildApp({ config, db, clock, ...(options.sms ? { sms: options.sms } : {}), ...(options.logStream ? { logStream: options.logStream } : {}) });

  const call: TestContext['call'] = async (method, url, opts = {}) => {
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

  return {
    app,
    db,
    clock,
    config,
    dir,
    call,
    async login(username, password = PASSWORDS[username] ?? '', extra = {}) {
      const res = await call('POST', '/api/login', { body: { username, password, ...extra } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function userId(db: Database, username: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}
