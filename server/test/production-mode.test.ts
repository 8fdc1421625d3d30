/**
 * Production mode (APP_MODE=production, or NODE_ENV=production) starts on no
 * demo default: no demo world unless asked, devices wait for the operator,
 * no /docs, proxies named one by one, the real clock, and no start at all
 * while a demo user still signs in with the password the README prints.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, type Env } from '../src/config';
import { migrateToLatest, openDatabase, type Database } from '../src/db/database';
import { seedDemoWorld } from '../src/db/seed';
import { ManualClock } from '../src/lib/clock';
import { prepareDatabase, StartupRefusal } from '../src/startup';
import { testEnv } from './helpers';

describe('settings by mode', () => {
  it('demo mode (the default, npm start, tests) seeds, approves devices and serves /docs', () => {
    const c = loadConfig({});
    expect([c.mode, c.seedDemo, c.deviceAutoApprove, c.docsEnabled, c.trustProxy]).toEqual([
      'demo',
      true,
      true,
      true,
      false,
    ]);
  });

  it('production mode turns each of them off, by APP_MODE or by NODE_ENV', () => {
    for (const env of [{ APP_MODE: 'production' }, { NODE_ENV: 'production' }]) {
      const c = loadConfig(env);
      expect([c.mode, c.seedDemo, c.deviceAutoApprove, c.docsEnabled]).toEqual(['production', false, false, false]);
    }
    // APP_MODE wins over NODE_ENV, either way.
    expect(loadConfig({ NODE_ENV: 'production', APP_MODE: 'demo' }).mode).toBe('demo');
  });

  it('production mode takes each switch when it is given', () => {
    const c = loadConfig({
      APP_MODE: 'production',
      SEED_DEMO: 'true',
      DEVICE_AUTO_APPROVE: 'true',
      DOCS_ENABLED: 'true',
    });
    expect([c.seedDemo, c.deviceAutoApprove, c.docsEnabled]).toEqual([true, true, true]);
  });

  it('TRUST_PROXY names the proxies; "any proxy" is refused, since a client could then choose its own address', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const value of ['true', '1', 'any', '10.0.0.5,proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*"true" \(any proxy\) is not accepted/);
  });

  it('a production server runs on the real clock: FIXED_NOW is refused', () => {
    expect(() => loadConfig({ APP_MODE: 'production', FIXED_NOW: '2026-03-10T04:00:00Z' })).toThrow(
      /FIXED_NOW: a production server runs on the real clock/,
    );
    expect(loadConfig({ FIXED_NOW: '2026-03-10T04:00:00Z' }).fixedNow).toEqual(new Date('2026-03-10T04:00:00Z'));
  });
});

describe('starting in production mode', () => {
  let dir = '';
  let db: Database | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
    rmSync(dir, { recursive: true, force: true });
  });

  async function database(env: Env) {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-production-'));
    const config = loadConfig(testEnv(dir, env));
    db = openDatabase(config.database);
    await migrateToLatest(db);
    return { config, db, clock: new ManualClock('2026-01-15T06:00:00.000Z') };
  }
  const users = async (d: Database) =>
    (await d.selectFrom('users').select('username').execute()).map((u) => u.username);

  it('seeds no demo world into an empty database, and adds no demo trips', async () => {
    const { config, db: d, clock } = await database({ APP_MODE: 'production' });
    expect(await prepareDatabase(d, { clock, config })).toEqual({ seeded: false, tripsAdded: 0, upcomingTrips: 0 });
    expect(await users(d)).toEqual([]);
  });

  it('refuses to start while a demo user signs in with the demo password, and starts once they cannot', async () => {
    const { config, db: d, clock } = await database({ APP_MODE: 'production' });
    await seedDemoWorld(d, { clock, config });
    const refusal = await prepareDatabase(d, { clock, config }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StartupRefusal);
    expect(String((refusal as Error).message)).toMatch(
      /demo user\(s\) agent, seller, postpaid, expiring still sign in with the demo password/,
    );
    await d
      .updateTable('users')
      .set({ active: 0 })
      .where('username', 'in', ['agent', 'seller', 'postpaid', 'expiring'])
      .execute();
    await expect(prepareDatabase(d, { clock, config })).resolves.toMatchObject({ seeded: false, tripsAdded: 0 });
  });

  it('serves no /docs unless DOCS_ENABLED', async () => {
    for (const [env, status] of [
      [{ APP_MODE: 'production' }, 404],
      [{ APP_MODE: 'production', DOCS_ENABLED: 'true' }, 200],
      [{}, 200],
    ] as const) {
      const { config, db: d, clock } = await database(env);
      const app = await buildApp({ config, db: d, clock });
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode, JSON.stringify(env)).toBe(status);
      await app.close();
      await d.destroy();
      db = null;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
