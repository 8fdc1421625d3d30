import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runCli } from '../src/cli';
import { SERVER_DIR } from '../src/config';
import { createTestContext, databaseUrlOf, ENGINE, type TestContext } from './helpers';
import { createDatabaseOn, dropDatabaseOn } from './postgres/cluster';

describe('operator CLI (in-process)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      config: t.config,
      db: t.db,
      clock: t.clock,
      io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    });
    return { code, out, err };
  }

  it('help lists the commands', async () => {
    const { code, out } = await cli('help');
    expect(code).toBe(EXIT_OK);
    for (const command of [
      'users',
      'user activate|deactivate',
      'devices',
      'device approve',
      'outbox',
      'retention',
      'sessions end',
      'reset-demo',
    ]) {
      expect(out.join('\n')).toContain(command);
    }
  });

  it('users lists every user on its own line', async () => {
    const { code, out } = await cli('users');
    expect(code).toBe(EXIT_OK);
    expect(out[0]).toMatch(/^USERNAME\s+ACTIVE\s+AGENT/);
    expect(out).toHaveLength(5);
    expect(out.find((l) => l.startsWith('agent '))).toMatch(
      /^agent\s+yes\s+AG-1001\s+OUT-1001\s+PADMA,MEGHNA\s+never\s+0\s+Rahim Uddin$/,
    );
    expect(out.find((l) => l.startsWith('expiring '))).toMatch(/\s3\s+0\s+Jamal Ahmed$/);
  });

  it('user deactivate ends sessions and login is refused; activate restores it', async () => {
    const token = await t.login('seller');
    const off = await cli('user', 'deactivate', 'seller');
    expect(off).toEqual({ code: EXIT_OK, out: ['user seller deactivated; 1 session(s) ended'], err: [] });
    // Refused as a sign-in would be (issue #32, item 5).
    const refused = await t.call('GET', '/api/lookup/company', { token });
    expect([refused.status, refused.body.reason]).toEqual([403, 'USER_INACTIVE']);
    expect(
      (await t.call('POST', '/api/login', { body: { username: 'seller', password: 'Seller@123' } })).body.reason,
    ).toBe('USER_INACTIVE');
    expect((await cli('user', 'activate', 'seller')).out).toEqual(['user seller activated']);
    expect((await t.call('POST', '/api/login', { body: { username: 'seller', password: 'Seller@123' } })).status).toBe(
      200,
    );
  });

  it('sessions end <username> ends every session (the e2e expired-session switch)', async () => {
    const token = await t.login('agent');
    const before = await t.call('GET', '/api/lookup/company', { token });
    expect(before.status).toBe(200);
    const { code, out } = await cli('sessions', 'end', 'agent');
    expect(code).toBe(EXIT_OK);
    expect(out[0]).toMatch(/^\d+ session\(s\) of agent ended$/);
    expect((await t.call('GET', '/api/lookup/company', { token })).body.reason).toBe('INVALID_SESSION');
  });

  it('devices and device approve/deactivate/activate', async () => {
    await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'cli-device-01', deviceType: 'AGENT_ELECTRON' },
    });
    const list = await cli('devices');
    expect(list.out[0]).toMatch(/^DEVICE_ID\s+TYPE\s+STATUS\s+LICENCE_KEY\s+REGISTERED_AT\s+BOUND_TO$/);
    expect(list.out[1]).toMatch(/^cli-device-01\s+AGENT_ELECTRON\s+APPROVED\s+APL-/);
    expect((await cli('device', 'deactivate', 'cli-device-01')).out[0]).toMatch(/^device cli-device-01 is INACTIVE/);
    expect((await cli('device', 'activate', 'cli-device-01')).out[0]).toMatch(
      /^device cli-device-01 is APPROVED \(licence key APL-/,
    );
    expect((await cli('device', 'approve', 'cli-device-01')).code).toBe(EXIT_OK);
  });

  it('devices shows the install a device is bound to, and device reset-binding forgets it', async () => {
    await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'cli-device-02', deviceType: 'AGENT_ELECTRON' },
    });
    const row = async () => (await cli('devices')).out.find((line) => line.startsWith('cli-device-02')) ?? '';
    expect(await row()).toMatch(/\s-$/);
    const token = await t.login('agent', undefined, { deviceId: 'cli-device-02', uuid: 'install-1' });
    expect(await row()).toMatch(/\s[0-9a-f]{12} since \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    const reset = await cli('device', 'reset-binding', 'cli-device-02');
    expect(reset).toEqual({
      code: EXIT_OK,
      out: ['device cli-device-02 is bound to no install; its next sign-in binds one; 1 session(s) ended'],
      err: [],
    });
    expect((await t.call('GET', '/api/lookup/company', { token })).status).toBe(401);
    expect(await row()).toMatch(/\s-$/);
    expect((await cli('device', 'reset-binding', 'no-such-device')).err).toEqual([
      'error: no device with id "no-such-device"',
    ]);
    expect((await cli('device', 'reset-binding')).code).toBe(EXIT_USAGE);
  });

  it('outbox prints one tab-separated line per message, filterable', async () => {
    expect((await cli('outbox')).err).toEqual(['(no messages)']);
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    await t.call('POST', '/api/sendOtp', { body: { username: 'postpaid' } });
    const all = await cli('outbox');
    expect(all.out).toHaveLength(2);
    const [createdAt, username, phone, text] = all.out[0]!.split('\t');
    expect(createdAt).toBe(t.clock.now().toISOString());
    expect(username).toBe('seller');
    expect(phone).toBe('+8801711000002');
    expect(text).toMatch(/\b\d{6}\b/);
    const toPostpaid = await cli('outbox', '--last', '1', '--to', 'postpaid');
    expect(toPostpaid.out).toHaveLength(1);
    expect(toPostpaid.out[0]!.split('\t')[1]).toBe('postpaid');
    const otp = /\b(\d{6})\b/.exec(toPostpaid.out[0]!)?.[1];
    expect((await t.call('POST', '/api/verifyOtp', { body: { username: 'postpaid', otp } })).status).toBe(200);
  });

  it('retention deletes and masks what has served, and says what it did', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'expiring' } });
    const textOf = async () => (await cli('outbox', '--to', 'expiring')).out[0]!.split('\t')[3];
    expect(await textOf()).toMatch(/\b\d{6}\b/);
    t.clock.advanceMinutes(t.config.retention.smsSecretVisibleMinutes + 1);
    const run = await cli('retention');
    expect(run.code).toBe(EXIT_OK);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(
      /^retention: \d+ session\(s\), \d+ OTP\(s\), \d+ idempotency answer\(s\), \d+ SMS deleted; [1-9]\d* SMS masked$/,
    );
    const masked = await textOf();
    expect(masked).not.toMatch(/\d{6}/);
    expect(masked).toContain('••••••');
  });

  it('refuses unknown names with exit 1 and wrong usage with exit 2', async () => {
    expect(await cli('user', 'deactivate', 'ghost')).toEqual({
      code: EXIT_FAILED,
      out: [],
      err: ['error: no user named "ghost"'],
    });
    expect((await cli('device', 'approve', 'no-such-device')).err).toEqual([
      'error: no device with id "no-such-device"',
    ]);
    expect((await cli('sessions', 'end', 'ghost')).code).toBe(EXIT_FAILED);
    expect((await cli('outlet', 'deactivate', 'OUT-GHOST')).err).toEqual(['error: no outlet with code "OUT-GHOST"']);
    expect((await cli('outlet', 'close', 'OUT-1001')).code).toBe(EXIT_USAGE);
    expect((await cli('frobnicate')).code).toBe(EXIT_USAGE);
    expect((await cli('user', 'promote', 'agent')).code).toBe(EXIT_USAGE);
    expect((await cli('user', 'deactivate')).err[0]).toBe('error: missing username');
    expect((await cli('outbox', '--last', 'many')).code).toBe(EXIT_USAGE);
    expect((await cli()).code).toBe(EXIT_USAGE);
  });

  it('reset-demo wipes everything and seeds the demo world again', async () => {
    await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'to-be-wiped', deviceType: 'AGENT_ANDROID' },
    });
    await t.db.updateTable('users').set({ active: 0 }).execute();
    const { code, out } = await cli('reset-demo');
    expect(code).toBe(EXIT_OK);
    expect(out[0]).toContain('demo world seeded');
    expect((await cli('devices')).out).toHaveLength(1);
    expect((await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123' } })).status).toBe(
      200,
    );
    expect((await cli('seed')).out[0]).toMatch(/not empty/);
  });
});

describe('operator CLI (as a process)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('runs through tsx on the DATABASE_URL database with exit codes', async () => {
    const run = promisify(execFile);
    const tsx = path.join(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');
    const env = { ...process.env, DATABASE_URL: databaseUrlOf(t.config) };
    const { stdout } = await run(tsx, ['src/cli.ts', 'users'], { cwd: SERVER_DIR, env });
    expect(stdout.split('\n')[0]).toMatch(/^USERNAME/);
    expect(stdout).toContain('postpaid');
    await expect(
      run(tsx, ['src/cli.ts', 'user', 'deactivate', 'ghost'], { cwd: SERVER_DIR, env }),
    ).rejects.toMatchObject({ code: 1 });
    await expect(
      run(tsx, ['src/cli.ts', 'users'], { cwd: SERVER_DIR, env: { ...env, PORT: 'x' } }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('PORT:') });
  });

  it('migrate applies the migrations of an empty database and says which; run again, that none is left', async () => {
    const run = promisify(execFile);
    const tsx = path.join(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');
    const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? '';
    const url = ENGINE === 'postgres' ? await createDatabaseOn(admin) : path.join(t.dir, 'empty.sqlite');
    try {
      const env = { ...process.env, DATABASE_URL: url };
      const first = await run(tsx, ['src/cli.ts', 'migrate'], { cwd: SERVER_DIR, env });
      expect(first.stdout).toMatch(/^applied \d+ migration\(s\): 0001_foundation, 0002_/);
      const again = await run(tsx, ['src/cli.ts', 'migrate'], { cwd: SERVER_DIR, env });
      expect(again.stdout).toBe('database up to date: no migration to apply\n');
    } finally {
      if (ENGINE === 'postgres') await dropDatabaseOn(admin, url);
    }
  }, 30_000);
});
