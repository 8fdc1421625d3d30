import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { createTestContext, userId, type TestContext } from './helpers';

describe('POST /api/login', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers a token and when it ends if unused (7 days with "remember me")', async () => {
    const res = await t.call('POST', '/api/login', {
      body: { username: 'agent', password: 'Agent@123', rememberMe: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.expiresAt).toBe('2026-01-22T06:00:00.000Z');
    const stored = await t.db
      .selectFrom('sessions')
      .select(['token_hash', 'remember'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(res.body.token);
    expect(stored.remember).toBe(1);
  });

  it('accepts the username in any case', async () => {
    const res = await t.call('POST', '/api/login', { body: { username: ' AGENT ', password: 'Agent@123' } });
    expect(res.status).toBe(200);
  });

  it('refuses bad input with field details', async () => {
    const res = await t.call('POST', '/api/login', { body: { username: '', password: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields).sort()).toEqual(['password', 'username']);
  });

  it('refuses a missing body as a validation failure', async () => {
    const res = await t.call('POST', '/api/login');
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
    expect(res.body.details.fields).toHaveProperty('body');
  });

  it('refuses malformed JSON as a validation failure', async () => {
    const res = await t.call('POST', '/api/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
  });

  it('answers the same BAD_CREDENTIALS for an unknown user and a wrong password', async () => {
    const unknown = await t.call('POST', '/api/login', { body: { username: 'nobody', password: 'Agent@123' } });
    const wrong = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Wrong@123' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ reason: 'BAD_CREDENTIALS' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses an expired password, but never a demo password', async () => {
    t.clock.advanceDays(3);
    const expired = await t.call('POST', '/api/login', { body: { username: 'expiring', password: 'Expiring@123' } });
    expect(expired.status).toBe(422);
    expect(expired.body.reason).toBe('PASSWORD_EXPIRED');
    t.clock.advanceDays(400);
    const demo = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123' } });
    expect(demo.status).toBe(200);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });
});

describe('login refusals by account state', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const login = (username = 'agent') => t.call('POST', '/api/login', { body: { username, password: 'Agent@123' } });

  it('USER_INACTIVE', async () => {
    await t.db.updateTable('users').set({ active: 0 }).where('username', '=', 'agent').execute();
    const res = await login();
    expect([res.status, res.body.reason]).toEqual([403, 'USER_INACTIVE']);
  });

  it('AGENT_INACTIVE', async () => {
    await t.db.updateTable('agents').set({ active: 0 }).where('code', '=', 'AG-1001').execute();
    const res = await login();
    expect([res.status, res.body.reason]).toEqual([403, 'AGENT_INACTIVE']);
  });

  it('BRANCH_NOT_ASSIGNED', async () => {
    await t.db.updateTable('users').set({ outlet_id: null }).where('username', '=', 'agent').execute();
    const res = await login();
    expect([res.status, res.body.reason]).toEqual([403, 'BRANCH_NOT_ASSIGNED']);
  });

  it('BRANCH_INACTIVE', async () => {
    await t.db.updateTable('outlets').set({ active: 0 }).where('code', '=', 'OUT-1001').execute();
    const res = await login();
    expect([res.status, res.body.reason]).toEqual([403, 'BRANCH_INACTIVE']);
  });

  it('NO_ALLOWED_COMPANY_FOUND (none assigned, or all inactive)', async () => {
    const id = await userId(t.db, 'seller');
    await t.db.updateTable('companies').set({ active: 0 }).where('code', '=', 'PADMA').execute();
    const inactive = await t.call('POST', '/api/login', { body: { username: 'seller', password: 'Seller@123' } });
    expect([inactive.status, inactive.body.reason]).toEqual([403, 'NO_ALLOWED_COMPANY_FOUND']);
    await t.db.updateTable('companies').set({ active: 1 }).execute();
    await t.db.deleteFrom('user_companies').where('user_id', '=', id).execute();
    const none = await t.call('POST', '/api/login', { body: { username: 'seller', password: 'Seller@123' } });
    expect(none.body.reason).toBe('NO_ALLOWED_COMPANY_FOUND');
  });

  it('tells nothing about account state to someone with a wrong password', async () => {
    await t.db.updateTable('users').set({ active: 0 }).where('username', '=', 'agent').execute();
    const res = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Guess@123' } });
    expect(res.body.reason).toBe('BAD_CREDENTIALS');
  });
});

describe('login and devices', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { DEVICE_AUTO_APPROVE: 'false' } });
  });
  afterAll(() => t.close());

  const login = (deviceId?: string) =>
    t.call('POST', '/api/login', {
      body: { username: 'agent', password: 'Agent@123', ...(deviceId ? { deviceId, uuid: 'uuid-1' } : {}) },
    });

  it('refuses a browser (no device id) and an unregistered device while devices need approval', async () => {
    expect((await login()).body.reason).toBe('INVALID_DEVICE_ACCESS');
    expect((await login('never-registered-device')).body.reason).toBe('INVALID_DEVICE_ACCESS');
  });

  it('refuses a PENDING device with INVALID_DEVICE_ACCESS', async () => {
    const reg = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'desk-pending-01', deviceType: 'AGENT_ELECTRON' },
    });
    expect(reg.body.status).toBe('PENDING');
    const res = await login('desk-pending-01');
    expect([res.status, res.body.reason]).toEqual([403, 'INVALID_DEVICE_ACCESS']);
  });

  it('lets an approved device in and refuses it once INACTIVE with DEVICE_INACTIVE', async () => {
    await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'desk-approved-01', deviceType: 'AGENT_ELECTRON' },
    });
    await t.app.services.operator.setDeviceStatus('desk-approved-01', 'APPROVED');
    const ok = await login('desk-approved-01');
    expect(ok.status).toBe(200);
    const { sessionsEnded } = await t.app.services.operator.setDeviceStatus('desk-approved-01', 'INACTIVE');
    expect(sessionsEnded).toBe(1);
    const stale = await t.call('GET', '/api/lookup/company', { token: ok.body.token });
    expect(stale.body.reason).toBe('INVALID_SESSION');
    const res = await login('desk-approved-01');
    expect([res.status, res.body.reason]).toEqual([403, 'DEVICE_INACTIVE']);
  });
});

describe('sessions', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('refuses a missing, malformed or unknown token with 401 INVALID_SESSION', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-real-token' }] as Record<
      string,
      string
    >[]) {
      const res = await t.call('GET', '/api/lookup/company', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ reason: 'INVALID_SESSION' });
    }
  });

  it('expires after 12 idle hours, sliding on each use', async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const token = await t.login('agent');
    t.clock.advanceHours(11);
    expect((await t.call('GET', '/api/lookup/company', { token })).status).toBe(200);
    t.clock.advanceHours(11);
    expect((await t.call('GET', '/api/lookup/company', { token })).status).toBe(200);
    t.clock.advanceHours(12);
    const res = await t.call('GET', '/api/lookup/company', { token });
    expect([res.status, res.body.reason]).toEqual([401, 'INVALID_SESSION']);
    // An ended session stays ended even if time were to go back.
    t.clock.advanceHours(-12);
    expect((await t.call('GET', '/api/lookup/company', { token })).status).toBe(401);
  });

  it('logout ends the session; a second logout is refused', async () => {
    const token = await t.login('agent');
    const res = await t.call('POST', '/api/logout', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t.call('GET', '/api/lookup/company', { token })).status).toBe(401);
    const again = await t.call('POST', '/api/logout', { token });
    expect([again.status, again.body.reason]).toEqual([401, 'INVALID_SESSION']);
  });

  it('logout without a token: 401 INVALID_SESSION', async () => {
    const res = await t.call('POST', '/api/logout');
    expect([res.status, res.body.reason]).toEqual([401, 'INVALID_SESSION']);
  });

  it('deactivating a user ends every session of theirs at once', async () => {
    const a = await t.login('seller');
    const b = await t.login('seller');
    const other = await t.login('agent');
    const result = await t.app.services.operator.setUserActive('seller', false);
    expect(result.sessionsEnded).toBe(2);
    // Refused as a sign-in would be (issue #32, item 5).
    for (const token of [a, b])
      expect((await t.call('GET', '/api/lookup/company', { token })).body.reason).toBe('USER_INACTIVE');
    expect((await t.call('GET', '/api/lookup/company', { token: other })).status).toBe(200);
    await t.app.services.operator.setUserActive('seller', true);
  });

  it('deactivating an agent ends the sessions of all its users', async () => {
    const agent = await t.login('agent');
    const expiring = await t.login('expiring');
    const seller = await t.login('seller');
    await t.app.services.operator.setAgentActive('AG-1001', false);
    for (const token of [agent, expiring]) {
      const res = await t.call('GET', '/api/lookup/company', { token });
      expect([res.status, res.body.reason]).toEqual([403, 'AGENT_INACTIVE']);
    }
    expect((await t.call('GET', '/api/lookup/company', { token: seller })).status).toBe(200);
    await t.app.services.operator.setAgentActive('AG-1001', true);
  });

  it('a user deactivated straight in the database is refused on the next call', async () => {
    const token = await t.login('postpaid');
    await t.db.updateTable('users').set({ active: 0 }).where('username', '=', 'postpaid').execute();
    expect((await t.call('GET', '/api/lookup/company', { token })).body.reason).toBe('USER_INACTIVE');
    // The session ended with its grounds: activating the user again does not bring it back.
    await t.db.updateTable('users').set({ active: 1 }).where('username', '=', 'postpaid').execute();
    expect((await t.call('GET', '/api/lookup/company', { token })).body.reason).toBe('USER_INACTIVE');
  });
});

describe('login rate limit', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3', LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '5' },
    });
  });
  afterAll(() => t.close());

  it('answers 429 TOO_MANY_REQUESTS per username, then lets in again after the window', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Nope@1234' } })).status).toBe(
        401,
      );
    }
    const limited = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123' } });
    expect(limited.status).toBe(429);
    expect(limited.body.reason).toBe('TOO_MANY_REQUESTS');
    expect(limited.body.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBe(String(limited.body.details.retryAfterSeconds));
    t.clock.advanceSeconds(61);
    expect((await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123' } })).status).toBe(
      200,
    );
  });

  it('also limits per client address across usernames', async () => {
    t.clock.advanceMinutes(5);
    const names = ['u1', 'u2', 'u3', 'u4', 'u5'];
    for (const username of names) {
      expect((await t.call('POST', '/api/login', { body: { username, password: 'x' } })).status).toBe(401);
    }
    const res = await t.call('POST', '/api/login', { body: { username: 'u6', password: 'x' } });
    expect([res.status, res.body.reason]).toEqual([429, 'TOO_MANY_REQUESTS']);
  });
});
