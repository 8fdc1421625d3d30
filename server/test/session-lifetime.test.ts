/**
 * How long a sign-in lasts. Without "remember me" a session ends after 12
 * hours unused and 24 hours after sign-in however busy; with it, after 7
 * days unused and 30 days after sign-in. The absolute limit means a copied
 * token stops working even while someone keeps using it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/lib/ids';
import { createTestContext, type TestContext } from './helpers';

describe('session lifetime: idle and absolute limits, longer with "remember me"', () => {
  let t: TestContext;
  // The defaults; testEnv lifts the absolute limit for the suites that move the clock by days.
  beforeAll(async () => {
    t = await createTestContext({
      env: {
        SESSION_IDLE_HOURS: '12',
        SESSION_MAX_HOURS: '24',
        SESSION_REMEMBER_IDLE_DAYS: '7',
        SESSION_REMEMBER_MAX_DAYS: '30',
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-01-15T06:00:00.000Z'));

  const signIn = async (rememberMe: boolean) => {
    const res = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123', rememberMe } });
    expect(res.status).toBe(200);
    return res.body as { token: string; expiresAt: string };
  };
  const works = async (token: string) => (await t.call('GET', '/api/lookup/company', { token })).status === 200;
  const endReason = async (token: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('end_reason')
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow()
    ).end_reason;

  it('without "remember me": 12 idle hours, and 24 hours after sign-in even when used every hour', async () => {
    const { token, expiresAt } = await signIn(false);
    expect(expiresAt).toBe('2026-01-15T18:00:00.000Z');
    for (let hour = 1; hour < 24; hour += 1) {
      t.clock.advanceHours(1);
      expect(await works(token), `hour ${hour}`).toBe(true);
    }
    t.clock.advanceHours(1);
    expect(await works(token)).toBe(false);
    expect(await endReason(token)).toBe('MAX_LIFETIME');
  });

  it('"remember me" keeps the counter signed in over a weekend: 7 idle days instead of 12 hours', async () => {
    const { token, expiresAt } = await signIn(true);
    expect(expiresAt).toBe('2026-01-22T06:00:00.000Z');
    t.clock.advanceDays(3);
    expect(await works(token)).toBe(true);
    t.clock.advanceDays(7);
    expect(await works(token)).toBe(false);
    expect(await endReason(token)).toBe('IDLE_TIMEOUT');
  });

  it('"remember me" still ends 30 days after sign-in, however often it is used', async () => {
    const { token } = await signIn(true);
    for (let day = 1; day < 30; day += 1) {
      t.clock.advanceDays(1);
      expect(await works(token), `day ${day}`).toBe(true);
    }
    t.clock.advanceDays(1);
    expect(await works(token)).toBe(false);
    expect(await endReason(token)).toBe('MAX_LIFETIME');
  });

  it('a session without "remember me" left unused for 12 hours has ended, as before', async () => {
    const { token } = await signIn(false);
    t.clock.advanceHours(12);
    expect(await works(token)).toBe(false);
    expect(await endReason(token)).toBe('IDLE_TIMEOUT');
  });
});
