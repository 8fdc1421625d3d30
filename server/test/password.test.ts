import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsProvider } from '../src/modules/sms/provider';
import { createTestContext, type TestContext } from './helpers';

/** The newest OTP texted to a user, read from the outbox like the e2e test does. */
async function lastOtp(t: TestContext, username: string): Promise<string> {
  const [message] = await t.app.services.operator.outboxMessages(1, username);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no OTP for ${username}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/changePassword', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    const res = await t.call('POST', '/api/changePassword', {
      body: { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
    });
    expect([res.status, res.body.reason]).toEqual([401, 'INVALID_SESSION']);
  });

  it('refuses missing fields with field details', async () => {
    const token = await t.login('seller');
    const res = await t.call('POST', '/api/changePassword', { token, body: { newPassword: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields).sort()).toEqual(['confirmPassword', 'currentPassword']);
  });

  it('applies the shared password rule and the confirmation', async () => {
    const token = await t.login('seller');
    const cases: [string, string][] = [
      ['Ab1!', 'PASSWORD_TOO_SHORT'],
      ['abcdef1!', 'PASSWORD_NEEDS_UPPERCASE'],
      ['ABCDEF1!', 'PASSWORD_NEEDS_LOWERCASE'],
      ['Abcdefg!', 'PASSWORD_NEEDS_DIGIT'],
      ['Abcdefg1', 'PASSWORD_NEEDS_SPECIAL'],
      ['Abc def1!', 'PASSWORD_HAS_WHITESPACE'],
      [`Aa1!${'x'.repeat(60)}`, 'PASSWORD_TOO_LONG'],
    ];
    for (const [newPassword, failure] of cases) {
      const res = await t.call('POST', '/api/changePassword', {
        token,
        body: { currentPassword: 'Seller@123', newPassword, confirmPassword: newPassword },
      });
      expect(res.status).toBe(400);
      expect(res.body.details.fields).toEqual({ newPassword: failure });
    }
    const mismatch = await t.call('POST', '/api/changePassword', {
      token,
      body: { currentPassword: 'Seller@123', newPassword: 'Valid@123', confirmPassword: 'Valid@124' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.fields).toEqual({ confirmPassword: 'CONFIRM_PASSWORD_MISMATCH' });
  });

  it('needs the right current password and a different new one', async () => {
    const token = await t.login('seller');
    const wrong = await t.call('POST', '/api/changePassword', {
      token,
      body: { currentPassword: 'Nope@123', newPassword: 'Fresh@123', confirmPassword: 'Fresh@123' },
    });
    expect([wrong.status, wrong.body.reason]).toEqual([422, 'WRONG_CURRENT_PASSWORD']);
    const reused = await t.call('POST', '/api/changePassword', {
      token,
      body: { currentPassword: 'Seller@123', newPassword: 'Seller@123', confirmPassword: 'Seller@123' },
    });
    expect([reused.status, reused.body.reason]).toEqual([422, 'PASSWORD_REUSED']);
  });

  it('changes the password, restarts its validity and ends the other sessions only', async () => {
    const other = await t.login('expiring');
    const token = await t.login('expiring');
    const before = await t.call('GET', '/api/profile/1', { token });
    expect(before.body.passwordValidity).toBe(3);
    const res = await t.call('POST', '/api/changePassword', {
      token,
      body: { currentPassword: 'Expiring@123', newPassword: 'Renewed@456', confirmPassword: 'Renewed@456' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t.call('GET', '/api/lookup/company', { token: other })).status).toBe(401);
    const after = await t.call('GET', '/api/profile/1', { token });
    expect(after.body.passwordValidity).toBe(90);
    expect(
      (await t.call('POST', '/api/login', { body: { username: 'expiring', password: 'Expiring@123' } })).body.reason,
    ).toBe('BAD_CREDENTIALS');
    expect(
      (await t.call('POST', '/api/login', { body: { username: 'expiring', password: 'Renewed@456' } })).status,
    ).toBe(200);
  });
});

describe('password reset by OTP', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('sends an OTP by SMS, verifies it, resets the password and ends old sessions', async () => {
    const oldSession = await t.login('seller');
    const sent = await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true, resendAfterSeconds: 60, maskedPhone: '*********0002' });
    const [message] = await t.app.services.operator.outboxMessages(1, 'seller');
    expect(message?.to).toBe('+8801711000002');
    const otp = await lastOtp(t, 'seller');
    const stored = await t.db.selectFrom('otps').select('code_hash').executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(otp);

    expect((await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp } })).body).toEqual({ ok: true });
    const reset = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp, newPassword: 'Brand@789', confirmPassword: 'Brand@789' },
    });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/api/lookup/company', { token: oldSession })).status).toBe(401);
    expect((await t.call('POST', '/api/login', { body: { username: 'seller', password: 'Brand@789' } })).status).toBe(
      200,
    );
    // The OTP is used up.
    const again = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp, newPassword: 'Other@789', confirmPassword: 'Other@789' },
    });
    expect(again.body.reason).toBe('INVALID_OTP_PROVIDED');
  });

  it('refuses bad input with field details', async () => {
    const send = await t.call('POST', '/api/sendOtp', { body: {} });
    expect(send.status).toBe(400);
    expect(send.body.details.fields).toHaveProperty('username');
    const verify = await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp: '12ab' } });
    expect(verify.status).toBe(400);
    expect(verify.body.details.fields).toHaveProperty('otp');
    const reset = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp: '123456', newPassword: 'weak', confirmPassword: 'other' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.details.fields).toEqual({
      newPassword: 'PASSWORD_TOO_SHORT',
      confirmPassword: 'CONFIRM_PASSWORD_MISMATCH',
    });
  });

  it('answers an unknown or inactive username with the same shape and sends nothing', async () => {
    await t.db.updateTable('users').set({ active: 0 }).where('username', '=', 'postpaid').execute();
    for (const username of ['ghost', 'postpaid']) {
      const res = await t.call('POST', '/api/sendOtp', { body: { username } });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.resendAfterSeconds).toBe(60);
      expect(res.body.maskedPhone).toMatch(/^\*+\d{4}$/);
      const second = await t.call('POST', '/api/sendOtp', { body: { username } });
      expect(second.body.reason).toBe('OTP_ALREADY_SENT');
    }
    expect(await t.app.services.operator.outboxMessages(10)).toEqual([]);
    expect((await t.call('POST', '/api/verifyOtp', { body: { username: 'ghost', otp: '123456' } })).body.reason).toBe(
      'INVALID_OTP_PROVIDED',
    );
  });

  it('refuses a new OTP within 60 s with retryAfterSeconds', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    t.clock.advanceSeconds(20);
    const res = await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ reason: 'OTP_ALREADY_SENT', details: { retryAfterSeconds: 40 } });
    const first = await lastOtp(t, 'seller');
    t.clock.advanceSeconds(40);
    expect((await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } })).status).toBe(200);
    const second = await lastOtp(t, 'seller');
    // A new OTP voids the old one.
    if (first !== second) {
      expect((await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp: first } })).body.reason).toBe(
        'INVALID_OTP_PROVIDED',
      );
    }
    expect((await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp: second } })).status).toBe(200);
  });

  it('expires an OTP after 5 minutes', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    t.clock.advanceMinutes(5);
    const res = await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp } });
    expect([res.status, res.body.reason]).toEqual([422, 'OTP_VALIDITY_EXPIRED']);
  });

  it('voids an OTP after 5 wrong tries, even for the right code', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp: wrongCode(otp) } });
      // No attemptsLeft: an unknown username gets this same answer.
      expect(res.body).toEqual({ reason: 'INVALID_OTP_PROVIDED' });
    }
    const right = await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp } });
    expect(right.body.reason).toBe('INVALID_OTP_PROVIDED');
  });

  it('resets only with a verified OTP', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    const unverified = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp, newPassword: 'Brand@789', confirmPassword: 'Brand@789' },
    });
    expect(unverified.body.reason).toBe('INVALID_OTP_PROVIDED');
    await t.call('POST', '/api/verifyOtp', { body: { username: 'seller', otp } });
    const wrong = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp: wrongCode(otp), newPassword: 'Brand@789', confirmPassword: 'Brand@789' },
    });
    expect(wrong.body.reason).toBe('INVALID_OTP_PROVIDED');
    const reused = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp, newPassword: 'Seller@123', confirmPassword: 'Seller@123' },
    });
    expect(reused.body.reason).toBe('PASSWORD_REUSED');
    // A verified code leaves time to type the new password.
    t.clock.advanceMinutes(4);
    const ok = await t.call('POST', '/api/resetPassword', {
      body: { username: 'seller', otp, newPassword: 'Brand@789', confirmPassword: 'Brand@789' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('OTP over a failing SMS provider', () => {
  let t: TestContext;
  const failing: SmsProvider = {
    send: async (_message: SmsMessage) => {
      throw new Error('gateway down');
    },
  };
  beforeAll(async () => {
    t = await createTestContext({ sms: failing });
  });
  afterAll(() => t.close());

  it('answers 503 SMS_PROVIDER_SERVICE_UNAVAILABLE and lets the user retry at once', async () => {
    const res = await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    expect([res.status, res.body.reason]).toEqual([503, 'SMS_PROVIDER_SERVICE_UNAVAILABLE']);
    const retry = await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    expect(retry.body.reason).toBe('SMS_PROVIDER_SERVICE_UNAVAILABLE');
  });
});

describe('OTP rate limit', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { OTP_RATE_LIMIT_PER_HOUR: '2', OTP_RESEND_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  it('limits OTP requests per username with 429 TOO_MANY_REQUESTS', async () => {
    expect((await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } })).status).toBe(200);
    expect((await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } })).status).toBe(200);
    const res = await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    expect(res.status).toBe(429);
    expect(res.body.reason).toBe('TOO_MANY_REQUESTS');
    expect(res.body.details.retryAfterSeconds).toBe(3600);
    // Unknown usernames are limited the same way.
    await t.call('POST', '/api/sendOtp', { body: { username: 'ghost' } });
    await t.call('POST', '/api/sendOtp', { body: { username: 'ghost' } });
    expect((await t.call('POST', '/api/sendOtp', { body: { username: 'ghost' } })).status).toBe(429);
  });
});
