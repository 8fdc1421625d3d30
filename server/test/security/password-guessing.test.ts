/**
 * Class 9, password guessing, written as an attacker would:
 *
 * - from one address, wrong passwords for one username cost a wait that
 *   doubles with every failure (after a few free ones), up to a cap, and
 *   guesses fired all at once are counted before any is checked;
 * - many addresses guessing one username (a distributed attack) are slowed
 *   down together once the username has seen enough failures;
 * - none of that locks the real agent out of their own counter: the
 *   address they have signed in from before still gets in;
 * - changePassword (a stolen session guessing the current password) backs
 *   off the same way;
 * - a hash made at a lower cost still verifies and is made again at the
 *   configured cost on the next successful login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, userId, type TestContext } from '../helpers';

const WRONG = 'Wrong@1234';
/** The shipped limits (the test helpers lift them out of other tests' way). */
const SHIPPED = {
  LOGIN_RATE_LIMIT_PER_MINUTE: '10',
  LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '60',
  LOGIN_BACKOFF_FREE_FAILURES: '3',
  LOGIN_BACKOFF_USERNAME_FREE_FAILURES: '10',
  LOGIN_BACKOFF_MAX_SECONDS: '900',
};

function loginFrom(t: TestContext, address: string, username: string, password: string) {
  return t.app
    .inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username, password } })
    .then((res) => ({ status: res.statusCode, body: res.json(), headers: res.headers }));
}

describe('backoff per username and address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: SHIPPED });
  });
  afterAll(() => t.close());

  it('makes each failure after the third wait twice as long, even for the right password', async () => {
    const a = '203.0.113.10';
    for (let i = 0; i < 3; i += 1) expect((await loginFrom(t, a, 'seller', WRONG)).status).toBe(401);
    const first = await loginFrom(t, a, 'seller', 'Seller@123');
    expect([first.status, first.body.reason]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(first.body.details.retryAfterSeconds).toBe(1);
    expect(first.headers['retry-after']).toBe('1');
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const blocked = await loginFrom(t, a, 'seller', WRONG);
      expect(blocked.status).toBe(429);
      t.clock.advanceSeconds(blocked.body.details.retryAfterSeconds as number);
      expect((await loginFrom(t, a, 'seller', WRONG)).status).toBe(401);
      waits.push((await loginFrom(t, a, 'seller', WRONG)).body.details.retryAfterSeconds as number);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32]);
  });

  it('caps the wait at 15 minutes', async () => {
    const a = '203.0.113.11';
    let wait = 0;
    for (let i = 0; i < 40; i += 1) {
      const res = await loginFrom(t, a, 'postpaid', WRONG);
      if (res.status === 429) {
        wait = res.body.details.retryAfterSeconds as number;
        t.clock.advanceSeconds(wait);
      }
    }
    expect(wait).toBe(900);
  });

  it('counts guesses fired at once before checking any of them', async () => {
    const a = '203.0.113.12';
    const answers = await Promise.all(Array.from({ length: 20 }, () => loginFrom(t, a, 'expiring', WRONG)));
    const checked = answers.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20 - checked);
  });
});

describe('a stranger cannot lock the agent out of their own counter', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: SHIPPED });
  });
  afterAll(() => t.close());

  it('slows many addresses guessing one username, and still lets the agent in from the counter', async () => {
    const counter = '198.51.100.7';
    expect((await loginFrom(t, counter, 'agent', 'Agent@123')).status).toBe(200);
    // 40 addresses, 3 guesses each: past the first few, the username itself makes strangers wait.
    const answers: number[] = [];
    for (let host = 1; host <= 40; host += 1) {
      for (let i = 0; i < 3; i += 1) answers.push((await loginFrom(t, `192.0.2.${host}`, 'agent', WRONG)).status);
    }
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(12);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100);
    // One stranger's address hammering too.
    for (let i = 0; i < 30; i += 1) await loginFrom(t, '192.0.2.200', 'agent', WRONG);
    const agent = await loginFrom(t, counter, 'agent', 'Agent@123');
    expect(agent.status).toBe(200);
  });

  it("keeps a stranger's lock on their own address only", async () => {
    const counter = '198.51.100.8';
    expect((await loginFrom(t, counter, 'seller', 'Seller@123')).status).toBe(200);
    for (let i = 0; i < 12; i += 1) {
      const res = await loginFrom(t, '192.0.2.201', 'seller', WRONG);
      if (res.status === 429) t.clock.advanceSeconds(res.body.details.retryAfterSeconds as number);
    }
    await loginFrom(t, '192.0.2.201', 'seller', WRONG);
    expect((await loginFrom(t, '192.0.2.201', 'seller', 'Seller@123')).status).toBe(429);
    expect((await loginFrom(t, counter, 'seller', 'Seller@123')).status).toBe(200);
  });
});

describe('changePassword backs off on wrong current passwords', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: SHIPPED });
  });
  afterAll(() => t.close());

  it('makes a stolen session wait after three wrong current passwords, doubling', async () => {
    const token = await t.login('seller');
    const change = (currentPassword: string) =>
      t.call('POST', '/api/changePassword', {
        token,
        body: { currentPassword, newPassword: 'Fresh@2026', confirmPassword: 'Fresh@2026' },
      });
    for (let i = 0; i < 3; i += 1) expect((await change(WRONG)).body.reason).toBe('WRONG_CURRENT_PASSWORD');
    const blocked = await change('Seller@123');
    expect([blocked.status, blocked.body.reason]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(blocked.body.details.retryAfterSeconds).toBe(1);
    t.clock.advanceSeconds(1);
    expect((await change(WRONG)).status).toBe(422);
    expect((await change(WRONG)).body.details.retryAfterSeconds).toBe(2);
    t.clock.advanceSeconds(2);
    expect((await change('Seller@123')).status).toBe(200);
  });
});

describe('the hash cost', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Seeded at the tests' cost (10); the server now asks for 11.
    t = await createTestContext({ env: { PASSWORD_HASH_COST: '10' } });
  });
  afterAll(() => t.close());

  it('verifies an older, cheaper hash and makes it again at the configured cost on login, keeping the expiry', async () => {
    const id = await userId(t.db, 'seller');
    const before = await t.db
      .selectFrom('users')
      .select(['password_hash', 'password_changed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.password_hash).toMatch(/^scrypt\$10\$/);
    (t.config as { passwordHashCost: number }).passwordHashCost = 11;
    await t.login('seller');
    const after = await t.db
      .selectFrom('users')
      .select(['password_hash', 'password_changed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toMatch(/^scrypt\$11\$/);
    expect(after.password_changed_at).toBe(before.password_changed_at);
    await t.login('seller');
  });
});
