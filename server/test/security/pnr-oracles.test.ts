/**
 * Class 8 (the PNR part), oracles and floods, written as an attacker would:
 *
 * - Routes that take a PNR alone (resend PIN, history, boarding list, print,
 *   extra weight and its charges' own PNRs) answer a PNR that is not the
 *   caller's exactly like one that does not exist.
 * - resendPin is limited per reservation (PIN_RESEND_PER_RESERVATION_PER_HOUR,
 *   3) and per user (PIN_RESEND_PER_USER_PER_HOUR, 20), however many arrive at
 *   once: no SMS flood.
 * - A resent PIN is stored, then sent: the new PIN hash and its SMS in the
 *   outbox (the send queue) commit together, so a failure anywhere leaves the
 *   passenger with a PIN that works; a gateway outside the database is only
 *   called with a PIN already stored.
 */
import { unitsOf } from '../../src/db/units';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPin } from '../../src/lib/secrets';
import { createTestContext, refuseWrites } from '../helpers';
import type { Ctx } from '../selling/fixtures';
import { intruder, lookup, NO_SUCH_PNR, PARALLEL, pnrContext, shape, soldBy } from './pnr-fixtures';
import { burstWhileBusy } from './burst';

const resend = (t: Ctx, token: string, pnr: string) =>
  t.call('POST', '/api/reservation/resendPin', { token, body: { pnr } });

/** The PINs texted for a PNR, oldest first. */
async function textedPins(t: Ctx, pnr: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('text', 'like', `%${pnr}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => /PIN (\d{6})/.exec(r.text)?.[1] ?? '');
}

describe("routes that take a PNR alone: not the caller's answers like not there", () => {
  let t: Ctx;
  let agent: string;
  let attacker: string;
  beforeAll(async () => {
    t = await pnrContext();
    agent = await t.login('agent');
    attacker = await intruder(t);
  });
  afterAll(() => t.close());

  const ROUTES: {
    name: string;
    call: (t: Ctx, token: string, pnr: string) => Promise<{ status: number; body: unknown }>;
  }[] = [
    { name: 'resendPin', call: (c, token, pnr) => resend(c, token, pnr) },
    { name: 'history', call: (c, token, pnr) => c.call('POST', '/api/reservation/history', { token, body: { pnr } }) },
    {
      name: 'boardingListByPnr',
      call: (c, token, pnr) => c.call('POST', '/api/reservation/boardingListByPnr', { token, body: { pnr } }),
    },
    {
      name: 'savePrintAction',
      call: (c, token, pnr) => c.call('GET', `/api/reservation/savePrintAction/${pnr}/REPRINT`, { token }),
    },
  ];

  for (const route of ROUTES) {
    it(`${route.name}: another agent's PNR and a PNR that does not exist answer alike`, async () => {
      const victim = await soldBy(t, agent);
      const theirs = shape(await route.call(t, attacker, victim.pnr), victim.pnr);
      const none = shape(await route.call(t, attacker, NO_SUCH_PNR), NO_SUCH_PNR);
      expect(theirs).toEqual(none);
      expect(none.status).toBe(404);
      // Nothing happened to the victim's reservation.
      expect(
        (await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: victim.pnr } })).body.map(
          (h: { action: string }) => h.action,
        ),
      ).toEqual(['SELL']);
    });
  }

  it("an extra weight charge's own PNR: another agent's or another company's answers like one that does not exist", async () => {
    const victim = await soldBy(t, agent);
    const made = await t.call('POST', '/api/extraWeightCharge', {
      token: agent,
      body: { companyId: victim.trip.companyId, reservationPnr: victim.pnr, amount: 50, description: 'bag' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const charge: string = made.body.pnr;
    const padmaOnly = await intruder(t, 'padma-only');
    await t.db
      .deleteFrom('user_companies')
      .where(
        'user_id',
        '=',
        (await t.db.selectFrom('users').select('id').where('username', '=', 'padma-only').executeTakeFirstOrThrow()).id,
      )
      .where('company_id', '=', victim.trip.companyId)
      .execute();
    const calls = [
      (token: string, pnr: string) => t.call('POST', '/api/extraWeightCharge/find', { token, body: { pnr } }),
      (token: string, pnr: string) => t.call('POST', '/api/extraWeightCharge/cancel', { token, body: { pnr } }),
      (token: string, pnr: string) =>
        t.call('POST', '/api/extraWeightCharge/savePrintAction', { token, body: { pnr, printType: 'REPRINT' } }),
    ];
    for (const call of calls) {
      const none = shape(await call(attacker, NO_SUCH_PNR), NO_SUCH_PNR);
      expect(none.status).toBe(404);
      expect(shape(await call(attacker, charge), charge)).toEqual(none);
      expect(shape(await call(padmaOnly, charge), charge)).toEqual(
        shape(await call(padmaOnly, NO_SUCH_PNR), NO_SUCH_PNR),
      );
    }
    expect(
      (await t.call('POST', '/api/extraWeightCharge/find', { token: agent, body: { pnr: charge } })).body.status,
    ).toBe('ACTIVE');
  });
});

describe('resendPin is limited: no SMS flood', () => {
  let t: Ctx;
  let agent: string;
  beforeEach(async () => {
    t = await pnrContext({ PIN_RESEND_PER_USER_PER_HOUR: '4' });
    agent = await t.login('agent');
  });
  afterEach(() => t.close());

  it(`${PARALLEL} parallel resends of one reservation: exactly 3 are sent, and the last PIN texted works`, async () => {
    expect(t.config.pins.resendPerReservationPerHour).toBe(3);
    const mine = await soldBy(t, agent);
    const answers = await burstWhileBusy(t, () => Array.from({ length: PARALLEL }, () => resend(t, agent, mine.pnr)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 429, body: { reason: 'TOO_MANY_REQUESTS' } });
    const pins = await textedPins(t, mine.pnr);
    expect(pins).toHaveLength(1 + 3);
    expect((await lookup(t, agent, mine.pnr, pins[pins.length - 1] as string)).status).toBe(200);
    t.clock.advanceMinutes(61);
    expect((await resend(t, agent, mine.pnr)).status).toBe(200);
  });

  it('per user over all reservations: the fifth resend in an hour is refused; another user is not affected', async () => {
    const own = [];
    for (let i = 0; i < 5; i += 1) own.push(await soldBy(t, agent));
    for (const r of own.slice(0, 4)) expect((await resend(t, agent, r.pnr)).status).toBe(200);
    expect((await resend(t, agent, (own[4] as { pnr: string }).pnr)).body).toMatchObject({
      reason: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: 3600 },
    });
    const other = await intruder(t, 'resender');
    const theirs = await soldBy(t, other);
    expect((await resend(t, other, theirs.pnr)).status).toBe(200);
    // A refused resend sent nothing.
    expect(await textedPins(t, (own[4] as { pnr: string }).pnr)).toHaveLength(1);
  });

  it("a PNR that is not the caller's costs the owner nothing", async () => {
    const mine = await soldBy(t, agent);
    const attacker = await intruder(t);
    for (let i = 0; i < 10; i += 1) expect((await resend(t, attacker, mine.pnr)).status).toBe(404);
    expect((await resend(t, agent, mine.pnr)).status).toBe(200);
  });
});

describe('a resent PIN is stored, then sent', () => {
  let t: Ctx;
  let agent: string;
  beforeEach(async () => {
    t = await pnrContext();
    agent = await t.login('agent');
  });
  afterEach(() => t.close());

  it('when storing the new PIN fails (a crash, a full disk), no SMS with it exists and the last PIN texted still works', async () => {
    const mine = await soldBy(t, agent);
    const lift = await refuseWrites(
      t.db,
      { name: 'pin_write_fails', table: 'reservations', event: 'update of pin_hash' },
      'disk I/O error',
    );
    const res = await resend(t, agent, mine.pnr);
    expect(res.status).not.toBe(200);
    await lift();
    const pins = await textedPins(t, mine.pnr);
    expect(pins).toEqual([mine.pin]);
    expect((await lookup(t, agent, mine.pnr, pins[pins.length - 1] as string)).status).toBe(200);
    const history = await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: mine.pnr } });
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['SELL']);
  });
});

describe('a resent PIN is stored, then sent: the outbox fails', () => {
  let failing = false;
  let t: Ctx;
  beforeAll(async () => {
    const { OutboxSmsProvider } = await import('../../src/modules/sms/service');
    let provider: InstanceType<typeof OutboxSmsProvider> | null = null;
    t = await createTestContext({
      env: { BOOKING_SWEEP_SECONDS: '0', SESSION_IDLE_HOURS: '8760' },
      sms: {
        send: async (m) => {
          if (failing) throw new Error('outbox full');
          await provider?.send(m);
        },
        record: async (db, m) => {
          if (failing) throw new Error('outbox full');
          await provider?.record(db, m);
        },
      },
    });
    provider = new OutboxSmsProvider(unitsOf(t.db), t.clock);
  });
  afterAll(() => t.close());

  it('answers SMS_PROVIDER_SERVICE_UNAVAILABLE, stores no new PIN and texts nothing: the old PIN works', async () => {
    const agent = await t.login('agent');
    const mine = await soldBy(t, agent);
    failing = true;
    const res = await resend(t, agent, mine.pnr);
    failing = false;
    expect(res).toMatchObject({ status: 503, body: { reason: 'SMS_PROVIDER_SERVICE_UNAVAILABLE' } });
    expect(await textedPins(t, mine.pnr)).toEqual([mine.pin]);
    expect((await lookup(t, agent, mine.pnr, mine.pin)).status).toBe(200);
  });
});

describe('a resent PIN is stored, then sent: a gateway outside the database', () => {
  let t: Ctx;
  let failing = false;
  const sent: { pin: string; storedWhenSent: boolean }[] = [];
  beforeAll(async () => {
    t = await createTestContext({
      env: { BOOKING_SWEEP_SECONDS: '0', SESSION_IDLE_HOURS: '8760' },
      sms: {
        send: async (m) => {
          const [, pnr = '', pin = ''] = /PNR (\w+), PIN (\d{6})/.exec(m.text) ?? [];
          const row = await t.db
            .selectFrom('reservations')
            .select('pin_hash')
            .where('pnr', '=', pnr)
            .executeTakeFirst();
          if (failing) throw new Error('gateway down');
          sent.push({ pin, storedWhenSent: row ? verifyPin(pin, row.pin_hash) : false });
        },
      },
    });
  });
  afterAll(() => t.close());

  it('is called only with a PIN already stored; when it fails, the PIN the passenger last got still works', async () => {
    const agent = await t.login('agent');
    const mine = await soldBy(t, agent);
    expect((await resend(t, agent, mine.pnr)).status).toBe(200);
    expect(sent.map((s) => s.storedWhenSent)).toEqual([true, true]);
    const delivered = (sent[sent.length - 1] as { pin: string }).pin;
    failing = true;
    const res = await resend(t, agent, mine.pnr);
    failing = false;
    expect(res).toMatchObject({ status: 503, body: { reason: 'SMS_PROVIDER_SERVICE_UNAVAILABLE' } });
    expect((await lookup(t, agent, mine.pnr, delivered)).status).toBe(200);
  });
});
