/**
 * Issue #32, item 5, written as an attacker would: a session outlives what
 * let it in. Sign-in refuses a closed outlet (BRANCH_INACTIVE), an inactive
 * agent or user, and an expired password; a session opened before must be
 * refused the same way on its very next request, through the principal
 * cache (warmed first, so the refusal cannot come from a cold read), whether
 * the operator did it or the database was changed by another tool. An
 * expired password leaves only POST /api/changePassword (and logout).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_OK, runCli } from '../../src/cli';
import { closeDatabase, openDatabase } from '../../src/db/database';
import { DAY_MS, MINUTE_MS } from '../../src/lib/clock';
import { createTestContext, type TestContext } from '../helpers';

// Sessions may idle for the days the password takes to expire; the limits are session-lifetime.test.ts's business.
const ENV = { SESSION_IDLE_HOURS: String(24 * 30) };

const answer = (res: { status: number; body: { reason?: string } }) => [res.status, res.body.reason ?? 'OK'];

describe('a session ends when its grounds end: outlet, agent, user', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: ENV });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.updateTable('outlets').set({ active: 1 }).execute();
    await t.db.updateTable('agents').set({ active: 1 }).execute();
    await t.db.updateTable('users').set({ active: 1 }).execute();
  });

  const companies = async (token: string) => answer(await t.call('GET', '/api/lookup/company', { token }));
  const cli = (...argv: string[]) =>
    runCli(argv, { config: t.config, db: t.db, clock: t.clock, io: { out: () => undefined, err: () => undefined } });
  /** A signed-in session whose caller is cached (the next request is a cache hit unless something moved the epoch). */
  const openSession = async (username = 'agent') => {
    const token = await t.login(username);
    expect(await companies(token)).toEqual([200, 'OK']);
    expect(await companies(token)).toEqual([200, 'OK']);
    return token;
  };

  it('the operator closes the outlet: the next request is BRANCH_INACTIVE, as a sign-in is', async () => {
    const token = await openSession();
    expect(await cli('outlet', 'deactivate', 'OUT-1001')).toBe(EXIT_OK);
    expect(await companies(token)).toEqual([403, 'BRANCH_INACTIVE']);
    expect(answer(await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123' } }))).toEqual([
      403,
      'BRANCH_INACTIVE',
    ]);
    // Opening the outlet again does not bring the ended session back.
    expect(await cli('outlet', 'activate', 'OUT-1001')).toBe(EXIT_OK);
    expect(await companies(token)).toEqual([403, 'BRANCH_INACTIVE']);
  });

  it('the outlet closed straight in the database (another tool): the next request is BRANCH_INACTIVE', async () => {
    const token = await openSession();
    await t.db.updateTable('outlets').set({ active: 0 }).where('code', '=', 'OUT-1001').execute();
    expect(await companies(token)).toEqual([403, 'BRANCH_INACTIVE']);
    await t.db.updateTable('outlets').set({ active: 1 }).where('code', '=', 'OUT-1001').execute();
    expect(await companies(token)).toEqual([403, 'BRANCH_INACTIVE']);
  });

  it('the outlet closed by another process (its own connection, e.g. the operator command line): BRANCH_INACTIVE', async () => {
    const token = await openSession();
    const other = openDatabase(t.config.database);
    try {
      await other.updateTable('outlets').set({ active: 0 }).where('code', '=', 'OUT-1001').execute();
    } finally {
      await closeDatabase(other);
    }
    expect(await companies(token)).toEqual([403, 'BRANCH_INACTIVE']);
  });

  it('the user taken off every outlet: BRANCH_NOT_ASSIGNED', async () => {
    const token = await openSession('seller');
    const outlet = await t.db
      .selectFrom('users')
      .select('outlet_id')
      .where('username', '=', 'seller')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ outlet_id: null }).where('username', '=', 'seller').execute();
    expect(await companies(token)).toEqual([403, 'BRANCH_NOT_ASSIGNED']);
    await t.db.updateTable('users').set({ outlet_id: outlet.outlet_id }).where('username', '=', 'seller').execute();
  });

  it('the agent deactivated (operator or database): AGENT_INACTIVE', async () => {
    const byOperator = await openSession();
    expect(await cli('agent', 'deactivate', 'AG-1001')).toBe(EXIT_OK);
    expect(await companies(byOperator)).toEqual([403, 'AGENT_INACTIVE']);
    await cli('agent', 'activate', 'AG-1001');
    const inDatabase = await openSession();
    await t.db.updateTable('agents').set({ active: 0 }).where('code', '=', 'AG-1001').execute();
    expect(await companies(inDatabase)).toEqual([403, 'AGENT_INACTIVE']);
  });

  it('the user deactivated (operator or database): USER_INACTIVE', async () => {
    const byOperator = await openSession();
    expect(await cli('user', 'deactivate', 'agent')).toBe(EXIT_OK);
    expect(await companies(byOperator)).toEqual([403, 'USER_INACTIVE']);
    await cli('user', 'activate', 'agent');
    const inDatabase = await openSession();
    await t.db.updateTable('users').set({ active: 0 }).where('username', '=', 'agent').execute();
    expect(await companies(inDatabase)).toEqual([403, 'USER_INACTIVE']);
  });

  it('a session of another outlet lives on', async () => {
    const other = await openSession('seller');
    const mine = await openSession('agent');
    const outlets = await t.db.selectFrom('users').select(['username', 'outlet_id']).execute();
    const sellerOutlet = outlets.find((u) => u.username === 'seller')?.outlet_id;
    const agentOutlet = outlets.find((u) => u.username === 'agent')?.outlet_id;
    expect(sellerOutlet).not.toBe(agentOutlet);
    await t.db.updateTable('outlets').set({ active: 0 }).where('code', '=', 'OUT-1001').execute();
    expect(await companies(mine)).toEqual([403, 'BRANCH_INACTIVE']);
    expect(await companies(other)).toEqual([200, 'OK']);
  });
});

describe('a password that expires while signed in leaves only its change', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: ENV });
  });
  afterAll(() => t.close());

  it('from the cached caller: every call but changePassword and logout is PASSWORD_EXPIRED; the change opens them again', async () => {
    // 'expiring': the password expires 3 days after the start of the demo clock.
    const token = await t.login('expiring');
    const profile = await t.call('GET', '/api/profile/1', { token });
    expect(profile.body.passwordValidity).toBe(3);
    const expiresAt = t.clock.now().getTime() + 3 * DAY_MS;
    // Used 30 s before the instant of expiry (a cache hit will follow, no read of the database in between) ...
    t.clock.set(new Date(expiresAt - 30_000));
    expect(answer(await t.call('GET', '/api/lookup/company', { token }))).toEqual([200, 'OK']);
    // ... and again 31 s later: past it.
    t.clock.advanceSeconds(31);
    expect(answer(await t.call('GET', '/api/lookup/company', { token }))).toEqual([422, 'PASSWORD_EXPIRED']);
    expect(answer(await t.call('GET', '/api/profile/1', { token }))).toEqual([422, 'PASSWORD_EXPIRED']);
    expect(
      answer(await t.call('POST', '/api/getVoucherNo', { token, body: { companyId: 1, kind: 'DEPOSIT' } })),
    ).toEqual([422, 'PASSWORD_EXPIRED']);
    // A cold read (a minute later, the touch due) says the same.
    t.clock.advanceMinutes(2);
    expect(answer(await t.call('GET', '/api/lookup/company', { token }))).toEqual([422, 'PASSWORD_EXPIRED']);
    const changed = await t.call('POST', '/api/changePassword', {
      token,
      body: { currentPassword: 'Expiring@123', newPassword: 'Renewed@456', confirmPassword: 'Renewed@456' },
    });
    expect(answer(changed)).toEqual([200, 'OK']);
    expect(answer(await t.call('GET', '/api/lookup/company', { token }))).toEqual([200, 'OK']);
    expect((await t.call('GET', '/api/profile/1', { token })).body.passwordValidity).toBe(90);
  });

  it('logout still works on a session whose password has expired', async () => {
    await t.db
      .updateTable('users')
      .set({ password_changed_at: new Date(t.clock.now().getTime() - 89 * DAY_MS).toISOString() })
      .where('username', '=', 'expiring')
      .execute();
    const token = await t.login('expiring', 'Renewed@456');
    t.clock.advance(DAY_MS + MINUTE_MS);
    expect(answer(await t.call('GET', '/api/lookup/company', { token }))).toEqual([422, 'PASSWORD_EXPIRED']);
    expect(answer(await t.call('POST', '/api/logout', { token }))).toEqual([200, 'OK']);
    expect(answer(await t.call('GET', '/api/lookup/company', { token }))).toEqual([401, 'INVALID_SESSION']);
  });
});
