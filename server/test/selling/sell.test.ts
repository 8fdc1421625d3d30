import { unitsOf } from '../../src/db/units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, create, findTrip, lock, passenger, seg, sell, sellingContext, type Ctx } from './fixtures';

async function accountId(t: Ctx, agentCode: string, companyCode: string): Promise<number> {
  const row = await t.db
    .selectFrom('agent_accounts as a')
    .innerJoin('agents as g', 'g.id', 'a.agent_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select('a.id')
    .where('g.code', '=', agentCode)
    .where('c.code', '=', companyCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('createReservation: sell', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('charges the ledger once, credits commission unpaid, answers status 1 with PNR and PIN and texts them', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const before = await balanceOf(t, agent, trip.companyId);
    const r = await sell(t, agent, trip, ['A1', 'A2']);
    // 19 hours before boarding: the 50 % band.
    expect(r).toMatchObject({ status: 1, totalFare: 2640, fine: 1320, returnAmount: 1320 });
    expect(r.pnr).toMatch(/^[A-Z0-9]{10}$/);
    expect(r.pin).toMatch(/^\d{6}$/);
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before - 2640);
    const res = await t.db
      .selectFrom('reservations')
      .select(['id', 'pin_hash'])
      .where('pnr', '=', r.pnr)
      .executeTakeFirstOrThrow();
    expect(res.pin_hash).not.toContain(r.pin);
    const commissions = await t.db.selectFrom('commissions').selectAll().where('reservation_id', '=', res.id).execute();
    expect(commissions).toMatchObject([{ kind: 'SALE', amount_minor: 10560, paid: 0 }]);
    const ledger = await t.db.selectFrom('ledger_entries').selectAll().where('reference', '=', r.pnr).execute();
    expect(ledger).toMatchObject([{ entry_type: 'DEBIT', amount_minor: 264000, kind: 'TICKET_SALE' }]);
    const sms = await t.db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.to_phone).toBe(passenger().phone);
    expect(sms.text).toContain(r.pnr);
    expect(sms.text).toContain(r.pin);
    // The locks are gone with the sale.
    expect(await t.db.selectFrom('seat_locks').selectAll().where('trip_id', '=', trip.tripId).execute()).toEqual([]);
  });

  it('needs the seats locked by the caller (SEAT_NOT_LOCKED)', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const res = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['B1'],
      passenger: passenger(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'SEAT_NOT_LOCKED', details: { seats: ['B1'] } });
    // A lock that lapsed does not count either.
    await lock(t, agent, trip, ['B1']);
    t.clock.advanceMinutes(6);
    expect(
      (
        await create(t, agent, {
          companyId: trip.companyId,
          kind: 'SELL',
          ...seg(trip),
          seats: ['B1'],
          passenger: passenger(),
        })
      ).body.reason,
    ).toBe('SEAT_NOT_LOCKED');
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('sells one seat Dhaka-Cumilla and again Cumilla-Chattogram, but never an overlapping segment', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const first = await sell(t, agent, trip, ['C1'], { from: 0, to: 1 });
    const second = await sell(t, agent, trip, ['C1'], { from: 1, to: 2 });
    expect(first.pnr).not.toBe(second.pnr);
    const whole = await lock(t, agent, trip, ['C1']);
    expect(whole.status).toBe(409);
    expect(whole.body).toMatchObject({ reason: 'SEAT_UNAVAILABLE', details: { seats: ['C1'] } });
    expect((await lock(t, agent, trip, ['C1'], 0, 1)).body.reason).toBe('SEAT_UNAVAILABLE');
  });

  it('re-checks availability inside the sale: a seat held meanwhile is SEAT_UNAVAILABLE', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    await lock(t, agent, trip, ['D1']);
    await t.app.services.tripOperator.hold(trip.tripId, 'D1', 3);
    const res = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['D1'],
      passenger: passenger(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'SEAT_UNAVAILABLE', details: { seats: ['D1'] } });
  });

  it('refuses a prepaid sale the balance cannot cover (INSUFFICIENT_BALANCE), charging nothing', async () => {
    const seller = await t.login('seller');
    const account = await accountId(t, 'AG-1002', 'PADMA');
    await t.app.services.accounts.postAlone({
      accountId: account,
      entryType: 'DEBIT',
      amountMinor: 19_900_00,
      kind: 'TEST',
      reference: null,
    });
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', slot: 2 });
    await lock(t, seller, trip, ['A1']);
    const res = await create(t, seller, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['A1'],
      passenger: passenger(),
    });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(t, seller, trip.companyId)).toBe(100);
    expect(await t.db.selectFrom('reservations').select('id').where('trip_id', '=', trip.tripId).execute()).toEqual([]);
  });

  it('lets a postpaid bill grow up to the credit limit (CREDIT_LIMIT_EXCEEDED past it)', async () => {
    const postpaid = await t.login('postpaid');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const ok = await sell(t, postpaid, trip, ['A1']);
    expect(ok.status).toBe(1);
    const account = await accountId(t, 'AG-2001', 'MEGHNA');
    await t.app.services.accounts.postAlone({
      accountId: account,
      entryType: 'DEBIT',
      amountMinor: 86_000_00,
      kind: 'TEST',
      reference: null,
    });
    await lock(t, postpaid, trip, ['A2']);
    const res = await create(t, postpaid, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['A2'],
      passenger: passenger(),
    });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('CREDIT_LIMIT_EXCEEDED');
  });

  it("checks the kind's permission and the request shape", async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', slot: 2, day: 6 });
    const viewer = await t.login('expiring');
    const noTrip = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      tripId: undefined,
      passenger: passenger(),
    });
    expect(noTrip.status).toBe(400);
    expect(Object.keys(noTrip.body.details.fields).sort()).toEqual(['seats', 'tripId']);
    const foreign = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    await lock(t, agent, foreign, ['E1']);
    const mismatch = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(foreign),
      seats: ['E1'],
      passenger: passenger(),
    });
    expect(mismatch.body.reason).toBe('TRIP_IS_FOREIGN');
    void viewer;
  });
});

describe('createReservation: an SMS failure does not undo the sale', () => {
  let t: Ctx;
  beforeAll(async () => {
    const { createTestContext } = await import('../helpers');
    t = await createTestContext({
      env: { BOOKING_SWEEP_SECONDS: '0' },
      sms: {
        send: async () => {
          throw new Error('gateway down');
        },
      },
    });
  });
  afterAll(() => t.close());

  it('answers the sale with its PIN and records the failed SMS in the history', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const r = await sell(t, agent, trip, ['A1']);
    expect(r.status).toBe(1);
    expect(r.pin).toMatch(/^\d{6}$/);
    const history = await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: r.pnr } });
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['SELL', 'SMS_FAILED']);
    const resend = await t.call('POST', '/api/reservation/resendPin', { token: agent, body: { pnr: r.pnr } });
    expect(resend.status).toBe(503);
    expect(resend.body.reason).toBe('SMS_PROVIDER_SERVICE_UNAVAILABLE');
    // The old PIN still works: a failed resend changes nothing.
    expect(
      (await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: r.pnr, pin: r.pin } })).status,
    ).toBe(200);
  });
});

describe('createReservation: a provider that keeps messages in its own unit (record) and fails', () => {
  let t: Ctx;
  let failing = false;
  beforeAll(async () => {
    const { createTestContext } = await import('../helpers');
    const { OutboxSmsProvider } = await import('../../src/modules/sms/service');
    let outbox: InstanceType<typeof OutboxSmsProvider> | null = null;
    // Records in the sale's unit like the outbox, but cannot join its batch (no recordLater): its own savepoint.
    // Failing, its write is refused by the database (no such user): on PostgreSQL that aborts the whole transaction
    // unless the write ran in a savepoint.
    t = await createTestContext({
      env: { BOOKING_SWEEP_SECONDS: '0' },
      sms: {
        send: async (m) => outbox?.send(m),
        record: async (uow, m) => outbox?.record(uow, failing ? { ...m, userId: 987_654_321 } : m),
      },
    });
    outbox = new OutboxSmsProvider(unitsOf(t.db), t.clock);
  });
  afterAll(() => t.close());

  const texts = async (pnr: string) =>
    (await t.db.selectFrom('sms_outbox').select('text').execute()).filter((m) => m.text.includes(pnr));

  it('stores the PIN SMS with the sale when it works', async () => {
    const agent = await t.login('agent');
    const r = await sell(t, agent, await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' }), ['B1']);
    expect(await texts(r.pnr)).toHaveLength(1);
  });

  it('keeps the sale when its write fails: that write undone alone, SMS_FAILED in the history', async () => {
    const agent = await t.login('agent');
    failing = true;
    const r = await sell(t, agent, await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' }), ['B2']);
    failing = false;
    expect(r.status).toBe(1);
    expect(await texts(r.pnr)).toEqual([]);
    const history = await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: r.pnr } });
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['SELL', 'SMS_FAILED']);
  });
});
