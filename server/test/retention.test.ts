/**
 * The retention job: nothing grows without end and no secret stays in clear.
 * Ended and dead sessions, spent OTPs, old idempotency answers and old SMS
 * are deleted; a code or PIN in a stored SMS is masked once it has served.
 * What may still be used is never touched.
 */
import { unitsOf } from '../src/db/units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { sha256Hex } from '../src/lib/ids';
import { OutboxSmsProvider } from '../src/modules/sms/service';
import { createTestContext, type TestContext } from './helpers';
import { findTrip, lock, passenger, seg, create } from './selling/fixtures';

describe('retention: periods, masking, and what stays', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      env: {
        SESSION_KEEP_DAYS: '90',
        OTP_KEEP_DAYS: '7',
        SMS_KEEP_DAYS: '90',
        SMS_SECRET_VISIBLE_MINUTES: '30',
        IDEMPOTENCY_KEEP_HOURS: '24',
        SESSION_MAX_HOURS: '24',
      },
    });
  });
  afterAll(() => t.close());

  const count = async (table: 'sessions' | 'otps' | 'idempotency_keys' | 'sms_outbox') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const purge = () => t.app.services.retention.purge();

  it('masks the code in a stored SMS once it has served, and keeps the rest of the text', async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const outbox = new OutboxSmsProvider(unitsOf(t.db), t.clock);
    await outbox.send({
      to: '+8801711000001',
      text: 'Your code is 482913. Valid for 5 minutes.',
      purpose: 'TEST_CODE',
      secret: '482913',
    });
    await outbox.send({ to: '+8801711000001', text: 'Your bus leaves at 07:00.', purpose: 'TEST_PLAIN' });
    const text = async (purpose: string) =>
      (await t.db.selectFrom('sms_outbox').select('text').where('purpose', '=', purpose).executeTakeFirstOrThrow())
        .text;

    t.clock.advanceMinutes(29);
    await purge();
    expect(await text('TEST_CODE')).toBe('Your code is 482913. Valid for 5 minutes.');

    t.clock.advanceMinutes(2);
    expect((await purge()).smsMasked).toBe(1);
    expect(await text('TEST_CODE')).toBe('Your code is ••••••. Valid for 5 minutes.');
    expect(await text('TEST_PLAIN')).toBe('Your bus leaves at 07:00.');
    // No clear copy is left anywhere in the row.
    expect(JSON.stringify(await t.db.selectFrom('sms_outbox').selectAll().execute())).not.toContain('482913');
  });

  it("masks a sale's PIN in its SMS once it has served, and the PNR stays readable", async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    expect((await lock(t, agent, trip, ['F1'])).status).toBe(200);
    const sold = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['F1'],
      passenger: passenger(),
    });
    expect(sold.status).toBe(200);
    const { pnr, pin } = sold.body as { pnr: string; pin: string };
    const smsText = async () =>
      (await t.db.selectFrom('sms_outbox').select('text').where('text', 'like', `%${pnr}%`).executeTakeFirstOrThrow())
        .text;
    expect(await smsText()).toContain(`PIN ${pin}`);
    t.clock.advanceMinutes(31);
    await purge();
    expect(await smsText()).toBe(`Your ticket PNR ${pnr}, PIN ••••••. Keep the PIN to change or cancel it.`);
  });

  it('deletes a session only once no limit could let it be used (SESSION_KEEP_DAYS after its last use)', async () => {
    t.clock.set('2026-02-01T06:00:00.000Z');
    const ended = await t.login('seller');
    await t.call('POST', '/api/logout', { token: ended });
    const remembered = (
      await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123', rememberMe: true } })
    ).body.token as string;
    const sessionOf = async (token: string) =>
      t.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256Hex(token)).executeTakeFirst();

    // A remembered counter, used every few days for four weeks: nothing is old enough to go.
    for (let day = 3; day <= 27; day += 3) {
      t.clock.advanceDays(3);
      expect((await t.call('GET', '/api/lookup/company', { token: remembered })).status).toBe(200);
    }
    expect((await purge()).sessions).toBe(0);

    // 92 days after the logout: that session goes; the remembered one, last used 65 days ago, stays.
    t.clock.set('2026-05-04T06:00:00.000Z');
    expect((await purge()).sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionOf(ended)).toBeUndefined();
    expect(await sessionOf(remembered)).toBeDefined();
  });

  it('deletes thousands of old rows in short batches', async () => {
    t.clock.set('2026-06-01T06:00:00.000Z');
    const userId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow()
    ).id;
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2500)
      insert into otps (user_id, purpose, code_hash, attempts, created_at, expires_at)
      select ${userId}, 'PASSWORD_RESET', 'x$y', 0, '2026-05-01T00:00:00.000Z', '2026-05-01T00:05:00.000Z' from n`.execute(
      t.db,
    );
    expect((await purge()).otps).toBeGreaterThanOrEqual(2500);
    expect(await t.db.selectFrom('otps').select('id').where('created_at', '<', '2026-05-25').execute()).toEqual([]);
  });

  it('forgets an idempotency answer after IDEMPOTENCY_KEEP_HOURS, not before', async () => {
    t.clock.set('2026-01-15T06:00:00.000Z');
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 1 });
    expect((await lock(t, agent, trip, ['E1'])).status).toBe(200);
    const sold = await create(
      t,
      agent,
      { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['E1'], passenger: passenger() },
      { 'idempotency-key': 'retention-sale' },
    );
    expect(sold.status).toBe(200);
    const stored = await count('idempotency_keys');
    t.clock.advanceHours(23);
    await purge();
    expect(await count('idempotency_keys')).toBe(stored);
    t.clock.advanceHours(2);
    expect((await purge()).idempotencyAnswers).toBeGreaterThanOrEqual(1);
    expect(await count('idempotency_keys')).toBe(stored - 1);
  });

  it('deletes SMS older than SMS_KEEP_DAYS', async () => {
    t.clock.set('2026-09-01T06:00:00.000Z');
    const outbox = new OutboxSmsProvider(unitsOf(t.db), t.clock);
    await outbox.send({ to: '+8801711000001', text: 'Recent', purpose: 'TEST_RECENT' });
    const report = await purge();
    expect(report.smsDeleted).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.selectFrom('sms_outbox').select('purpose').where('created_at', '<', '2026-06-03').execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('sms_outbox').select('text').where('purpose', '=', 'TEST_RECENT').execute()).toEqual([
      { text: 'Recent' },
    ]);
  });
});
