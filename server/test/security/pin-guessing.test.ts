/**
 * Class 1, PIN guessing with an oracle, written as an attacker would: a
 * counter of another agent who knows a PNR and tries PINs, on a real
 * database through the HTTP API.
 *
 * - Access is checked before the PIN: a reservation that is not the
 *   caller's answers exactly like a wrong PIN and like a PNR that does not
 *   exist, whatever PIN is sent.
 * - Wrong PINs are counted per PNR (PIN_MAX_WRONG_PER_PNR, 5: then the PNR
 *   is locked for PIN_LOCK_MINUTES, 15, and even the right PIN is refused
 *   with PNR_LOCKED; only the tries of users who may access the ticket lock
 *   it, a stranger's lock only the stranger: pin-lockout-owner.test.ts) and per user over all PNRs
 *   (PIN_MAX_WRONG_PER_USER_PER_HOUR, 20: then TOO_MANY_REQUESTS), in the
 *   database: however many guesses arrive at once, at most that many are
 *   compared, and a restart forgets nothing.
 * - `pnr unlock <PNR>` (operator) lifts a lock.
 * - Requests to the PNR routes are rate limited per user (PNR_RATE_LIMIT_PER_MINUTE).
 * - Every entry point that takes a PNR and a PIN goes through the same guard.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { runCli } from '../../src/cli';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { create, findTrip, lock, type Ctx, type TripRef } from '../selling/fixtures';
import {
  expectLocked,
  expectWrong,
  intruder,
  LOCK_MINUTES,
  lockEndFrom,
  lookup,
  NO_SUCH_PNR,
  ownerAndIntruder,
  PARALLEL,
  passenger,
  pnrContext,
  seatNames,
  seg,
  shape,
  soldBy,
  wrongPin,
  wrongPins,
} from './pnr-fixtures';
import { burstWhileBusy } from './burst';

async function operator(t: Ctx, ...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
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

describe("the oracle: another agent's reservation answers like a wrong PIN", () => {
  let t: Ctx;
  let agent: string;
  let attacker: string;
  beforeAll(async () => {
    ({ t, owner: agent, attacker } = await ownerAndIntruder());
  });
  afterAll(() => t.close());

  it('right PIN, wrong PIN and a PNR that does not exist: the same status and the same body', async () => {
    const victim = await soldBy(t, agent);
    const right = await lookup(t, attacker, victim.pnr, victim.pin);
    const wrong = await lookup(t, attacker, victim.pnr, wrongPin(victim.pin));
    const none = await lookup(t, attacker, NO_SUCH_PNR, victim.pin);
    expectWrong(right, "right PIN of another agent's reservation");
    expectWrong(wrong, "wrong PIN of another agent's reservation");
    expectWrong(none, 'a PNR that does not exist');
    // The owner still gets it with the right PIN.
    expect((await lookup(t, agent, victim.pnr, victim.pin)).status).toBe(200);
  });
});

describe(`${PARALLEL} parallel wrong PINs on one PNR`, () => {
  let t: Ctx;
  let agent: string;
  let attacker: string;
  beforeEach(async () => {
    ({ t, owner: agent, attacker } = await ownerAndIntruder());
  });
  afterEach(() => t.close());

  it('at most 5 are compared, the rest answer PNR_LOCKED, and the right PIN is refused while locked', async () => {
    expect(t.config.pins.maxWrongPerPnr).toBe(5);
    const victim = await soldBy(t, agent);
    // Guessed by a user who may access the ticket (a stranger's lock only the stranger: pin-lockout-owner.test.ts).
    const answers = await burstWhileBusy(t, () =>
      wrongPins(victim.pin, PARALLEL).map((pin) => lookup(t, agent, victim.pnr, pin)),
    );
    const until = lockEndFrom(t);
    expect(answers.filter((a) => a.body.reason === 'WRONG_PNR_PIN')).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.reason !== 'WRONG_PNR_PIN'))
      expectLocked(a, until, 'refused in the burst');
    // The owner, with the right PIN, through every way in.
    expectLocked(await lookup(t, agent, victim.pnr, victim.pin), until, 'right PIN while locked');
    expectLocked(
      await t.call('POST', '/api/reservation/ticketOperation', {
        token: agent,
        body: { pnr: victim.pnr, pin: victim.pin, action: 2, returnAmount: 0 },
      }),
      until,
      'ticket operation while locked',
    );
    // Almost over: still locked; then over, and the right PIN works again.
    t.clock.advanceMinutes(LOCK_MINUTES - 1);
    expectLocked(await lookup(t, agent, victim.pnr, victim.pin), until, 'a minute before the end');
    t.clock.advanceMinutes(1);
    expect((await lookup(t, agent, victim.pnr, victim.pin)).status).toBe(200);
  });

  it(`${PARALLEL - 1} wrong PINs and the right one last, all at once: the right one is not reached`, async () => {
    const victim = await soldBy(t, agent);
    const guesses = [...wrongPins(victim.pin, PARALLEL - 1), victim.pin];
    const answers = await burstWhileBusy(t, () => guesses.map((pin) => lookup(t, agent, victim.pnr, pin)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.body.reason === 'WRONG_PNR_PIN')).toHaveLength(5);
  });

  it('a right PIN costs no try: 4 wrong, the right one, then one more wrong still leaves the PNR open until the fifth', async () => {
    const victim = await soldBy(t, agent);
    for (const pin of wrongPins(victim.pin, 4)) expectWrong(await lookup(t, agent, victim.pnr, pin), 'wrong');
    expect((await lookup(t, agent, victim.pnr, victim.pin)).status).toBe(200);
    expectWrong(await lookup(t, agent, victim.pnr, wrongPin(victim.pin, 9)), 'fifth wrong');
    expectLocked(await lookup(t, agent, victim.pnr, victim.pin), lockEndFrom(t));
  });

  it('a PNR that does not exist locks the same way, so the lock tells nothing either', async () => {
    const victim = await soldBy(t, agent);
    const real = [];
    const none = [];
    for (const pin of wrongPins(victim.pin, 6)) {
      real.push(shape(await lookup(t, attacker, victim.pnr, pin), victim.pnr));
      none.push(shape(await lookup(t, attacker, NO_SUCH_PNR, pin), NO_SUCH_PNR));
    }
    expect(none).toEqual(real);
    expect(real[5]?.status).toBe(423);
  });

  it('the lock survives a restart: a new app on the same database file still refuses the right PIN', async () => {
    const victim = await soldBy(t, agent);
    for (const pin of wrongPins(victim.pin, 5)) await lookup(t, agent, victim.pnr, pin);
    const until = lockEndFrom(t);
    // A second server process on the file: nothing of the first one's memory.
    const db = openDatabase(t.config.database);
    const app = await buildApp({ config: t.config, db, clock: t.clock });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/reservation/byPnrAndPin',
        headers: { authorization: `Bearer ${agent}` },
        payload: { pnr: victim.pnr, pin: victim.pin },
      });
      expectLocked({ status: res.statusCode, body: res.json() }, until, 'after the restart');
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('the operator unlocks it with `pnr unlock <PNR>`, which says what it did', async () => {
    const victim = await soldBy(t, agent);
    for (const pin of wrongPins(victim.pin, 5)) await lookup(t, agent, victim.pnr, pin);
    const until = lockEndFrom(t);
    expectLocked(await lookup(t, agent, victim.pnr, victim.pin), until);
    const unlocked = await operator(t, 'pnr', 'unlock', victim.pnr.toLowerCase());
    expect(unlocked).toEqual({
      code: 0,
      out: [`PNR ${victim.pnr} unlocked (5 wrong PIN(s); was locked until ${until})`],
      err: [],
    });
    expect((await lookup(t, agent, victim.pnr, victim.pin)).status).toBe(200);
    // The count starts over: 5 more tries before the next lock.
    for (const pin of wrongPins(victim.pin, 4)) expectWrong(await lookup(t, agent, victim.pnr, pin), 'after unlock');
    expect((await lookup(t, agent, victim.pnr, victim.pin)).status).toBe(200);
    expect(await operator(t, 'pnr', 'unlock', victim.pnr)).toEqual({
      code: 0,
      out: [`PNR ${victim.pnr} is not locked (4 wrong PIN(s) counted, now cleared)`],
      err: [],
    });
    expect(await operator(t, 'pnr', 'unlock', NO_SUCH_PNR)).toEqual({
      code: 0,
      out: [`PNR ${NO_SUCH_PNR} is not locked (no wrong PIN counted)`],
      err: [],
    });
    expect((await operator(t, 'pnr', 'unlock')).code).toBe(2);
    expect((await operator(t, 'pnr', 'frobnicate', victim.pnr)).code).toBe(2);
  });
});

describe('wrong PINs per user, over all PNRs', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await pnrContext({ PIN_MAX_WRONG_PER_USER_PER_HOUR: '8' });
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('after 8 wrong PINs on 8 PNRs the user gets TOO_MANY_REQUESTS, even with a right PIN; others are not affected; an hour later it is over', async () => {
    const attacker = await intruder(t, 'spray');
    const own = await soldBy(t, attacker);
    const mine = await soldBy(t, agent);
    for (let i = 0; i < 8; i += 1) expectWrong(await lookup(t, attacker, `AAAAAAAA${i}0`, '123456'), `guess ${i}`);
    const refused = await lookup(t, attacker, own.pnr, own.pin);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ reason: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 3600 } });
    expect((await lookup(t, agent, mine.pnr, mine.pin)).status).toBe(200);
    t.clock.advanceMinutes(61);
    expect((await lookup(t, attacker, own.pnr, own.pin)).status).toBe(200);
  });

  it(`${PARALLEL} parallel wrong PINs on ${PARALLEL} PNRs: exactly 8 are compared`, async () => {
    const attacker = await intruder(t, 'spray-burst');
    const answers = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, (_, i) =>
        lookup(t, attacker, `BBBBBBBB${String(i).padStart(2, '0')}`, '123456'),
      ),
    );
    expect(answers.filter((a) => a.body.reason === 'WRONG_PNR_PIN')).toHaveLength(8);
    expect(answers.filter((a) => a.body.reason === 'TOO_MANY_REQUESTS')).toHaveLength(PARALLEL - 8);
  });
});

describe('requests to the PNR routes are rate limited per user', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await pnrContext({ PNR_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('5 a minute: the sixth look-up, history or ticket operation answers TOO_MANY_REQUESTS; another user is not affected', async () => {
    const agent = await t.login('agent');
    const other = await intruder(t, 'rate-other');
    const mine = await soldBy(t, agent);
    for (let i = 0; i < 5; i += 1) expect((await lookup(t, agent, mine.pnr, mine.pin)).status).toBe(200);
    expect((await lookup(t, agent, mine.pnr, mine.pin)).body).toMatchObject({ reason: 'TOO_MANY_REQUESTS' });
    expect((await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: mine.pnr } })).status).toBe(
      429,
    );
    expect(
      (
        await t.call('POST', '/api/reservation/ticketOperation', {
          token: agent,
          body: { pnr: mine.pnr, pin: mine.pin, action: 2, returnAmount: 0 },
        })
      ).status,
    ).toBe(429);
    expect((await lookup(t, other, NO_SUCH_PNR, '123456')).status).toBe(422);
    t.clock.advanceSeconds(61);
    expect((await lookup(t, agent, mine.pnr, mine.pin)).status).toBe(200);
  });
});

describe('every entry point that takes a PNR and a PIN goes through the one guard', () => {
  let t: Ctx;
  let agent: string;
  let attacker: string;
  let target: TripRef;
  const seatOf = new Map<string, string>();
  beforeAll(async () => {
    ({ t, owner: agent, attacker } = await ownerAndIntruder());
    target = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 13, slot: 1 });
    const [first, second] = await seatNames(t, agent, target);
    seatOf.set(agent, first as string);
    seatOf.set(attacker, second as string);
  });
  afterAll(() => t.close());

  type Call = (token: string, pnr: string, pin: string) => ReturnType<Ctx['call']>;
  const ENTRY_POINTS: { name: string; call: Call }[] = [
    { name: 'look-up (byPnrAndPin)', call: (token, pnr, pin) => lookup(t, token, pnr, pin) },
    {
      name: 'ticket operation (cancel)',
      call: (token, pnr, pin) =>
        t.call('POST', '/api/reservation/ticketOperation', { token, body: { pnr, pin, action: 2, returnAmount: 0 } }),
    },
    {
      name: 'ticket operation (confirm a booking)',
      call: (token, pnr, pin) =>
        t.call('POST', '/api/reservation/ticketOperation', { token, body: { pnr, pin, action: 1 } }),
    },
    {
      name: 'delayed cancel',
      call: (token, pnr, pin) =>
        t.call('POST', '/api/reservation/delayedCancelApproval', { token, body: { pnr, pin, reasonId: 1 } }),
    },
    {
      name: 'validateTripMigration',
      call: (token, pnr, pin) =>
        t.call('POST', '/api/reservation/validateTripMigration', {
          token,
          body: { pnr, pin, ...seg(target), seats: [seatOf.get(token) as string] },
        }),
    },
    {
      name: 'migration source (createReservation MIGRATE)',
      call: async (token, pnr, pin) => {
        // The attacker holds the seat, so nothing but the PNR and PIN stands in the way.
        const seat = seatOf.get(token) ?? 'B1';
        const held = await lock(t, token, target, [seat]);
        expect(held.status, JSON.stringify(held.body)).toBe(200);
        return create(t, token, {
          companyId: target.companyId,
          kind: 'MIGRATE',
          ...seg(target),
          seats: [seat],
          migrateFrom: { pnr, pin },
          passenger: passenger(),
        });
      },
    },
  ];

  ENTRY_POINTS.forEach((entry, i) => {
    it(`${entry.name}: not found, not the caller's and wrong PIN answer alike; wrong PINs count and lock`, async () => {
      const victim = await soldBy(t, agent);
      const own = await soldBy(t, attacker);
      // A PNR of its own: a PNR that does not exist is counted (and locked) like any other.
      expectWrong(await entry.call(attacker, `NOSUCHPNR${i}`, '123456'), 'no such PNR');
      expectWrong(await entry.call(attacker, victim.pnr, victim.pin), "another agent's reservation, right PIN");
      expectWrong(
        await entry.call(attacker, victim.pnr, wrongPin(victim.pin)),
        "another agent's reservation, wrong PIN",
      );
      expectWrong(await entry.call(attacker, own.pnr, wrongPin(own.pin)), 'own reservation, wrong PIN');
      // Five wrong PINs through this entry point lock the PNR for all of them.
      const mine = await soldBy(t, agent);
      for (const pin of wrongPins(mine.pin, 5))
        expectWrong(await entry.call(agent, mine.pnr, pin), 'wrong PIN of the owner');
      const until = lockEndFrom(t);
      expectLocked(await entry.call(agent, mine.pnr, mine.pin), until, `${entry.name}, right PIN while locked`);
      expectLocked(await lookup(t, agent, mine.pnr, mine.pin), until, 'look-up, right PIN while locked');
    });
  });

  it("extra weight (a PNR without PIN): another agent's reservation answers exactly like one that does not exist", async () => {
    const victim = await soldBy(t, agent);
    const charge = (pnr: string) =>
      t.call('POST', '/api/extraWeightCharge', {
        token: attacker,
        body: { companyId: victim.trip.companyId, reservationPnr: pnr, amount: 50, description: 'bag' },
      });
    const theirs = shape(await charge(victim.pnr), victim.pnr);
    const none = shape(await charge(NO_SUCH_PNR), NO_SUCH_PNR);
    expect(theirs).toEqual(none);
    expect(none.status).toBe(404);
  });
});

describe('the PIN limits are settings', () => {
  it('are validated with the other settings', () => {
    expect(
      loadConfig({
        PIN_MAX_WRONG_PER_PNR: '3',
        PIN_WRONG_WINDOW_MINUTES: '30',
        PIN_LOCK_MINUTES: '60',
        PIN_MAX_WRONG_PER_USER_PER_HOUR: '10',
        PNR_RATE_LIMIT_PER_MINUTE: '40',
      }),
    ).toMatchObject({
      pins: { maxWrongPerPnr: 3, wrongWindowMinutes: 30, lockMinutes: 60, maxWrongPerUserPerHour: 10 },
      rateLimits: { pnrPerUserPerMinute: 40 },
    });
    expect(loadConfig({}).pins).toMatchObject({
      maxWrongPerPnr: 5,
      wrongWindowMinutes: 15,
      lockMinutes: 15,
      maxWrongPerUserPerHour: 20,
    });
    expect(() => loadConfig({ PIN_MAX_WRONG_PER_PNR: '0' })).toThrow(/^PIN_MAX_WRONG_PER_PNR:/);
    expect(() => loadConfig({ PIN_LOCK_MINUTES: 'soon' })).toThrow(/^PIN_LOCK_MINUTES:/);
    expect(() => loadConfig({ PNR_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/^PNR_RATE_LIMIT_PER_MINUTE:/);
  });
});
