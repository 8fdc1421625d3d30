/**
 * Issue #32, item 7, written as an attacker would: sendOtp must not tell a
 * real username from an unknown one, whichever server process answers and
 * after a restart. The cool-down of a real user lives in the database (its
 * live OTP); that of an unknown name lived in one process's memory, so a
 * second process (or the same one restarted) answered the real user 429
 * OTP_ALREADY_SENT and the unknown one 200: a free oracle of who exists.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { closeDatabase, openDatabase, type Database } from '../../src/db/database';
import { callerOf, createTestContext, type TestContext } from '../helpers';

const REAL = 'seller';
const UNKNOWN = 'no-such-counter';

/** Another server process on the same database: its own connection(s), its own memory, the same clock. */
async function anotherServer(t: TestContext): Promise<{ app: FastifyInstance; db: Database; close(): Promise<void> }> {
  const db = openDatabase(t.config.database);
  const app = await buildApp({ config: t.config, db, clock: t.clock });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await closeDatabase(db);
    },
  };
}

const sendOtp = async (app: FastifyInstance, username: string) => {
  const res = await callerOf(app)('POST', '/api/sendOtp', { body: { username } });
  return { status: res.status, body: res.body as Record<string, unknown> };
};

/** What an attacker compares: the status and every field but the masked phone (a decoy for unknown names). */
const seen = (answer: { status: number; body: Record<string, unknown> }) => {
  const { maskedPhone, ...rest } = answer.body;
  return { status: answer.status, body: rest, hasPhone: typeof maskedPhone === 'string' };
};

describe('sendOtp answers a real and an unknown username alike, from any process', () => {
  let t: TestContext;
  let second: Awaited<ReturnType<typeof anotherServer>>;
  beforeAll(async () => {
    t = await createTestContext();
    second = await anotherServer(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('a second process and a restart answer both names the same within the cool-down, and both again after it', async () => {
    const first = [await sendOtp(t.app, REAL), await sendOtp(t.app, UNKNOWN)];
    expect(first.map((a) => a.status)).toEqual([200, 200]);

    t.clock.advanceSeconds(10);
    const onSecond = [await sendOtp(second.app, REAL), await sendOtp(second.app, UNKNOWN)];
    expect(seen(onSecond[0]!)).toEqual({
      status: 429,
      body: { reason: 'OTP_ALREADY_SENT', details: { retryAfterSeconds: 50 } },
      hasPhone: false,
    });
    expect(seen(onSecond[1]!)).toEqual(seen(onSecond[0]!));

    // A restart: a new server on the same database, nothing of the old one's memory.
    await second.close();
    second = await anotherServer(t);
    t.clock.advanceSeconds(10);
    const afterRestart = [await sendOtp(second.app, REAL), await sendOtp(second.app, UNKNOWN)];
    expect(seen(afterRestart[0]!)).toEqual({
      status: 429,
      body: { reason: 'OTP_ALREADY_SENT', details: { retryAfterSeconds: 40 } },
      hasPhone: false,
    });
    expect(seen(afterRestart[1]!)).toEqual(seen(afterRestart[0]!));

    // Once the cool-down is over, both are sent again, on either process.
    t.clock.advanceSeconds(40);
    const again = [await sendOtp(second.app, REAL), await sendOtp(t.app, UNKNOWN)];
    expect(again.map(seen)).toEqual([
      { status: 200, body: { ok: true, resendAfterSeconds: 60 }, hasPhone: true },
      { status: 200, body: { ok: true, resendAfterSeconds: 60 }, hasPhone: true },
    ]);
  });

  it('the unknown name is kept only as a hash, and the retention job removes it once its cool-down is over', async () => {
    const rows = await t.db.selectFrom('otp_cooldowns').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(UNKNOWN);
    t.clock.advanceSeconds(61);
    const done = await t.app.services.retention.purge();
    expect(done.otpCooldowns).toBe(rows.length);
    expect(await t.db.selectFrom('otp_cooldowns').selectAll().execute()).toEqual([]);
  });
});
