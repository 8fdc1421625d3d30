/**
 * Class A, races on "at most N" counters, written as an attacker would:
 * fire 30 requests at once and count what got through. Every limit must
 * hold exactly, whatever the interleaving.
 *
 * - OTP tries: at most OTP_MAX_ATTEMPTS codes are ever compared per OTP.
 * - OTP answers: an unknown user is answered exactly like a real one.
 * - OTP checks: verifyOtp and resetPassword are rate limited per username and per address.
 * - Coupon uses per phone, the agent's seat limit per trip, locked seats per user.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestContext, userId, type TestContext } from '../helpers';
import {
  create,
  findTrip,
  lock,
  makeUser,
  passenger,
  seg,
  sellingContext,
  type Ctx,
  type TripRef,
} from '../selling/fixtures';
import { burstWhileBusy } from './burst';

const PARALLEL = 30;

/** The newest OTP texted to a user, read from the SMS outbox. */
async function lastOtp(t: TestContext, username: string): Promise<string> {
  const [message] = await t.app.services.operator.outboxMessages(1, username);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no OTP for ${username}`);
  return code;
}

/** `n` six-digit codes that are all different from `code` and from each other. */
function wrongCodes(code: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
}

async function storedAttempts(t: TestContext, username: string): Promise<number> {
  const row = await t.db
    .selectFrom('otps')
    .select('attempts')
    .where('user_id', '=', await userId(t.db, username))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

const verify = (t: TestContext, username: string, otp: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verifyOtp',
    payload: { username, otp },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const reset = (t: TestContext, username: string, otp: string, newPassword = 'Brand@789', remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/resetPassword',
    payload: { username, otp, newPassword, confirmPassword: newPassword },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const answer = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() });

describe('OTP tries under a burst of parallel guesses', () => {
  let t: TestContext;
  beforeEach(async () => {
    // The new per-username and per-address limits are lifted here: this is about the tries counter.
    t = await createTestContext({
      env: { OTP_VERIFY_RATE_LIMIT_PER_HOUR: '1000', OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR: '1000' },
    });
  });
  afterEach(() => t.close());

  it(`${PARALLEL} parallel wrong guesses: exactly ${5} are compared, then even the right code fails`, async () => {
    expect(t.config.otpMaxAttempts).toBe(5);
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    const answers = (
      await burstWhileBusy(t, () => wrongCodes(otp, PARALLEL).map((guess) => verify(t, 'seller', guess)))
    ).map(answer);
    expect(
      answers.every((a) => a.status === 422 && (a.body as { reason: string }).reason === 'INVALID_OTP_PROVIDED'),
    ).toBe(true);
    // Every wrong code that was compared is counted: the counter is what the burst got checked.
    expect(await storedAttempts(t, 'seller')).toBe(t.config.otpMaxAttempts);
    expect(answer(await verify(t, 'seller', otp)).body).toMatchObject({ reason: 'INVALID_OTP_PROVIDED' });
    expect(answer(await reset(t, 'seller', otp)).body).toMatchObject({ reason: 'INVALID_OTP_PROVIDED' });
  });

  it(`${PARALLEL - 1} wrong guesses and the right code last, all at once: the right code is not reached`, async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    const guesses = [...wrongCodes(otp, PARALLEL - 1), otp];
    const answers = (await burstWhileBusy(t, () => guesses.map((guess) => verify(t, 'seller', guess)))).map(answer);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(await storedAttempts(t, 'seller')).toBe(t.config.otpMaxAttempts);
  });

  it('a right code costs no try: after 4 wrong tries the same code still verifies and then resets', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    for (const guess of wrongCodes(otp, 4)) expect(answer(await verify(t, 'seller', guess)).status).toBe(422);
    expect(answer(await verify(t, 'seller', otp)).status).toBe(200);
    expect(answer(await reset(t, 'seller', otp, 'Seller@123')).body).toMatchObject({ reason: 'PASSWORD_REUSED' });
    expect(answer(await reset(t, 'seller', otp)).status).toBe(200);
    expect(await storedAttempts(t, 'seller')).toBe(4);
  });

  it('parallel right codes and wrong codes together never count more than the maximum', async () => {
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    const guesses = wrongCodes(otp, PARALLEL).flatMap((wrong) => [wrong, otp]);
    await burstWhileBusy(t, () => guesses.map((guess) => verify(t, 'seller', guess)));
    expect(await storedAttempts(t, 'seller')).toBeLessThanOrEqual(t.config.otpMaxAttempts);
  });
});

describe('OTP answers do not tell who exists', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('verifyOtp and resetPassword answer a wrong code the same for an unknown user and a real one, at every stage', async () => {
    const ghost = async () => [answer(await verify(t, 'ghost', '123456')), answer(await reset(t, 'ghost', '123456'))];
    const expected = await ghost();
    expect(expected[0]).toEqual({ status: 422, body: { reason: 'INVALID_OTP_PROVIDED' } });
    const real = async (code: string) => [
      answer(await verify(t, 'seller', code)),
      answer(await reset(t, 'seller', code)),
    ];
    // No OTP yet.
    expect(await real('123456')).toEqual(expected);
    // A live OTP, wrong code: no attemptsLeft or anything else a ghost would not get.
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const otp = await lastOtp(t, 'seller');
    const [wrong] = wrongCodes(otp, 1) as [string];
    expect(await real(wrong)).toEqual(expected);
    // An expired OTP and a wrong code: not OTP_VALIDITY_EXPIRED, which only a real user's OTP could answer.
    t.clock.advanceMinutes(6);
    expect(await real(wrong)).toEqual(expected);
    expect(await ghost()).toEqual(expected);
    // Tries spent.
    t.clock.advanceMinutes(1);
    await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } });
    const fresh = await lastOtp(t, 'seller');
    for (const guess of wrongCodes(fresh, 5)) await verify(t, 'seller', guess);
    expect(await real(fresh)).toEqual(expected);
  });

  it('sendOtp answers an unknown username like a known one, the resend wait included', async () => {
    const send = async () =>
      [
        await t.call('POST', '/api/sendOtp', { body: { username: 'seller' } }),
        await t.call('POST', '/api/sendOtp', { body: { username: 'ghost' } }),
      ] as const;
    const [known, unknown] = await send();
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect({ ...known.body, maskedPhone: null }).toEqual({ ...unknown.body, maskedPhone: null });
    expect(known.body.maskedPhone).toMatch(/^\*{9}\d{4}$/);
    expect(unknown.body.maskedPhone).toMatch(/^\*{9}\d{4}$/);
    // Asked again within the resend wait: the same refusal, the same wait.
    t.clock.advanceSeconds(20);
    const [knownAgain, unknownAgain] = await send();
    expect([knownAgain.status, knownAgain.body]).toEqual([
      429,
      { reason: 'OTP_ALREADY_SENT', details: { retryAfterSeconds: 40 } },
    ]);
    expect([unknownAgain.status, unknownAgain.body]).toEqual([knownAgain.status, knownAgain.body]);
    // After it: sent again, and the same username always gets the same decoy.
    t.clock.advanceSeconds(41);
    const [knownLater, unknownLater] = await send();
    expect([knownLater.status, unknownLater.status]).toEqual([200, 200]);
    expect(unknownLater.body.maskedPhone).toBe(unknown.body.maskedPhone);
    expect(knownLater.body.maskedPhone).toBe(known.body.maskedPhone);
  });
});

describe('OTP checks are rate limited', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      env: { OTP_VERIFY_RATE_LIMIT_PER_HOUR: '3', OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR: '8' },
    });
  });
  afterAll(() => t.close());

  it('per username, counting verifyOtp and resetPassword together, unknown usernames alike', async () => {
    for (const username of ['seller', 'ghost']) {
      expect((await verify(t, username, '000001', `10.0.0.${username.length}`)).statusCode).toBe(422);
      expect((await reset(t, username, '000002', undefined, `10.0.0.${username.length}`)).statusCode).toBe(422);
      expect((await verify(t, username, '000003', `10.0.0.${username.length}`)).statusCode).toBe(422);
      const limited = answer(await reset(t, username, '000004', undefined, `10.0.0.${username.length}`));
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ reason: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 3600 } });
      expect(answer(await verify(t, username, '000005', `10.0.1.${username.length}`)).status).toBe(429);
    }
  });

  it('per client address across usernames', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 8; i += 1) expect((await verify(t, `user-${i}`, '123456', address)).statusCode).toBe(422);
    expect(answer(await verify(t, 'user-9', '123456', address))).toMatchObject({
      status: 429,
      body: { reason: 'TOO_MANY_REQUESTS' },
    });
    expect(answer(await reset(t, 'user-10', '123456', undefined, address))).toMatchObject({
      status: 429,
      body: { reason: 'TOO_MANY_REQUESTS' },
    });
    // The window passes.
    t.clock.advanceMinutes(61);
    expect((await verify(t, 'user-9', '123456', address)).statusCode).toBe(422);
  });

  it('a bad new password is refused before the limit is counted', async () => {
    const address = '10.7.7.7';
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/resetPassword',
        remoteAddress: address,
        payload: { username: 'agent', otp: '123456', newPassword: 'weak', confirmPassword: 'weak' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await verify(t, 'agent', '123456', address)).statusCode).toBe(422);
  });
});

describe(`selling counters under ${PARALLEL} parallel requests`, () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  /** The trip's seat names in layout order, from the seat map. */
  async function seatNames(token: string, trip: TripRef): Promise<string[]> {
    const res = await t.call('POST', '/api/trip/details', { token, body: seg(trip) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.decks as { cells: { seat?: { name: string } }[] }[]).flatMap((d) =>
      d.cells.flatMap((c) => (c.seat ? [c.seat.name] : [])),
    );
  }

  async function coachTypeOf(trip: TripRef): Promise<string> {
    const row = await t.db
      .selectFrom('trips as tr')
      .innerJoin('coaches as c', 'c.id', 'tr.coach_id')
      .innerJoin('coach_types as ct', 'ct.id', 'c.coach_type_id')
      .select('ct.name')
      .where('tr.id', '=', trip.tripId)
      .executeTakeFirstOrThrow();
    return row.name;
  }

  it('coupon uses per phone: a coupon good for 3 uses per phone is used exactly 3 times', async () => {
    const route = await findTrip(t, { company: 'MEGHNA', route: 'DHK-COX', day: 1 });
    const template = await t.db
      .selectFrom('coupons')
      .selectAll()
      .where('company_id', '=', route.companyId)
      .where('code', '=', 'FLAT50')
      .executeTakeFirstOrThrow();
    const { id: couponId } = await t.db
      .insertInto('coupons')
      .values({ ...template, id: undefined, code: 'RACE3', per_phone_limit: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const phone = '+8801719998877';
    // Half sales on as many different trips, half open tickets (no trip), all for one phone at once.
    const bodies: Record<string, unknown>[] = [];
    for (let day = 1; bodies.length < PARALLEL; day += 1) {
      for (let slot = 0; slot < 3 && bodies.length < PARALLEL; slot += 1) {
        const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-COX', day, slot });
        const [seat] = await seatNames(agent, trip);
        expect((await lock(t, agent, trip, [seat as string])).status).toBe(200);
        bodies.push({
          companyId: trip.companyId,
          kind: 'SELL',
          ...seg(trip),
          seats: [seat],
          passenger: passenger(phone),
          couponCode: 'RACE3',
        });
        bodies.push({
          companyId: route.companyId,
          kind: 'OPEN',
          routeId: route.routeId,
          seatType: 'Standard',
          seatCount: 1,
          ...seg(route),
          tripId: undefined,
          passenger: passenger(phone),
          couponCode: 'RACE3',
        });
      }
    }
    const answers = await burstWhileBusy(t, () => bodies.map((body) => create(t, agent, body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.reason)).toEqual(
      Array(PARALLEL - 3).fill('DISCOUNT_COUPON_LIMIT_EXCEEDED'),
    );
    const uses = await t.db
      .selectFrom('coupon_uses')
      .select('id')
      .where('coupon_id', '=', couponId)
      .where('phone', '=', phone)
      .where('active', '=', 1)
      .execute();
    expect(uses).toHaveLength(3);
  });

  it("the agent's seat limit per trip: 30 one-seat sales by 8 counters of one agent sell exactly the limit", async () => {
    // The demo agent may hold 4 seats of a PADMA AC Sleeper (P-101) trip.
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 5, coach: 'P-101' });
    expect(await coachTypeOf(trip)).toBe('AC Sleeper');
    const seats = (await seatNames(agent, trip)).slice(0, PARALLEL);
    expect(seats).toHaveLength(PARALLEL);
    const sellers: { token: string; seat: string }[] = [];
    for (let u = 0; u * 4 < PARALLEL; u += 1) {
      const token = await makeUser(t, `limit-${u}`, ['AGENT_CREATE_RESERVATION'], {
        agent: 'AG-1001',
        companies: ['PADMA'],
      });
      const mine = seats.slice(u * 4, u * 4 + 4);
      expect((await lock(t, token, trip, mine)).status).toBe(200);
      for (const seat of mine) sellers.push({ token, seat });
    }
    const answers = await burstWhileBusy(t, () =>
      sellers.map(({ token, seat }) =>
        create(t, token, {
          companyId: trip.companyId,
          kind: 'SELL',
          ...seg(trip),
          seats: [seat],
          passenger: passenger(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.reason))).toEqual(
      new Set(['SEAT_LIMIT_EXCEEDED']),
    );
    const { id: agentId } = await t.db
      .selectFrom('agents')
      .select('id')
      .where('code', '=', 'AG-1001')
      .executeTakeFirstOrThrow();
    const held = await t.db
      .selectFrom('reservation_seats as rs')
      .innerJoin('reservations as r', 'r.id', 'rs.reservation_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('rs.trip_id', '=', trip.tripId)
      .where('rs.active', '=', 1)
      .where('r.agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(4);
  });

  it('the seat limit holds for 30 parallel locks of one counter too', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 6, coach: 'P-101' });
    const seats = (await seatNames(agent, trip)).slice(0, PARALLEL);
    const answers = await burstWhileBusy(t, () => seats.map((seat) => lock(t, agent, trip, [seat])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.reason))).toEqual(
      new Set(['SEAT_LIMIT_EXCEEDED']),
    );
    expect(
      await t.db.selectFrom('seat_locks').select('seat_name').where('trip_id', '=', trip.tripId).execute(),
    ).toHaveLength(4);
  });

  it(`locked seats per user: 30 parallel one-seat locks hold exactly ${5}`, async () => {
    // MEGHNA's AC Sleeper (M-12): no seat limit for the demo agent, only the lock maximum applies.
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3, coach: 'M-12' });
    const seats = (await seatNames(agent, trip)).slice(0, PARALLEL);
    const answers = await burstWhileBusy(t, () => seats.map((seat) => lock(t, agent, trip, [seat])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(t.config.sales.maxLockedSeats);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.reason))).toEqual(
      new Set(['MAX_SEAT_WARNING']),
    );
    const locks = await t.db
      .selectFrom('seat_locks')
      .select('seat_name')
      .where('trip_id', '=', trip.tripId)
      .where('user_id', '=', await userId(t.db, 'agent'))
      .execute();
    expect(locks).toHaveLength(t.config.sales.maxLockedSeats);
  });
});

describe('the OTP check limits are settings', () => {
  it('are validated with the other settings', () => {
    expect(
      loadConfig({ OTP_VERIFY_RATE_LIMIT_PER_HOUR: '7', OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR: '70' }).rateLimits,
    ).toMatchObject({ otpCheckPerUsernamePerHour: 7, otpCheckPerAddressPerHour: 70 });
    expect(() => loadConfig({ OTP_VERIFY_RATE_LIMIT_PER_HOUR: '0' })).toThrow(/^OTP_VERIFY_RATE_LIMIT_PER_HOUR:/);
    expect(() => loadConfig({ OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR: 'many' })).toThrow(
      /^OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR:/,
    );
  });
});
