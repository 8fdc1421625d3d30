/**
 * Class B, client-chosen identifiers, written as an attacker would: every
 * id, number or code the server takes from a client and stores as unique is
 * fed values meant to collide, one at a time and 30 at once. No input may
 * answer 500, and no client may take a number the server will hand out.
 *
 * - createVoucher's voucherNo (unique voucher_no, numbered by a counter per company and kind)
 * - a deposit's referenceNumber (unique per agent, case-insensitive)
 * - the Idempotency-Key (unique per user) across every money call
 * - a device id (unique) at registration
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PADMA, depositBody, depositCounter, depositVoucherNo, requestDeposit } from '../records/support';
import {
  create,
  findTrip,
  lock,
  makeUser,
  passenger,
  seg,
  sell,
  sellingContext,
  ticketOp,
  type Ctx,
} from '../selling/fixtures';
import { burstWhileBusy } from './burst';

const PARALLEL = 30;

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const answerOf = (res: { status: number; body: any }) => [res.status, res.body.reason];

describe("voucher numbers are the server's alone", () => {
  let t: Ctx;
  let attacker: string;
  let victim: string;
  const voucher = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/createVoucher', { token, body: { companyId: PADMA, kind: 'DEPOSIT', ...body } });
  const deposit = async (token: string, ref: string) => {
    const d = await requestDeposit(t, token, ref, 100);
    return { referenceId: d.transactionId, amount: 100 };
  };
  beforeAll(async () => {
    t = await sellingContext();
    attacker = await t.login('agent');
    // A counter of another agent of the same company.
    victim = await makeUser(t, 'victim', ['AGENT_DEPOSIT_REQUEST'], { agent: 'AG-1002', companies: ['PADMA'] });
  });
  afterAll(() => t.close());

  /** The last number the company's DEPOSIT counter gave out (read, not asked of getVoucherNo, which now holds one). */
  const counterAt = () => depositCounter(t);
  const no = depositVoucherNo;

  it('voucherNo set to numbers the counter has not reached yet: taken by nobody, every later voucher of the company still numbered', async () => {
    const at = await counterAt();
    const mine = [];
    for (const voucherNo of [no(at + 2), no(at + 4), no(at + 6)])
      mine.push(await voucher(attacker, { ...(await deposit(attacker, `AHEAD-${voucherNo}`)), voucherNo }));
    const victims = [];
    for (let i = 0; i < 5; i += 1) victims.push(await voucher(victim, await deposit(victim, `VICTIM-${i}`)));
    expect(victims.map((a) => answerOf(a)).filter(([status]) => status !== 200)).toEqual([]);
    expect(mine.map((a) => [a.status, a.body.voucherNo])).toEqual([
      [200, no(at + 1)],
      [200, no(at + 2)],
      [200, no(at + 3)],
    ]);
    expect(victims.map((a) => [a.status, a.body.voucherNo])).toEqual([4, 5, 6, 7, 8].map((i) => [200, no(at + i)]));
  });

  it("the number is the counter's whatever voucherNo says: junk, another kind or company, a used one, a huge one", async () => {
    const at = await counterAt();
    const used = (
      await t.db.selectFrom('vouchers').select('voucher_no').where('company_id', '=', PADMA).executeTakeFirstOrThrow()
    ).voucher_no;
    const given = ['XV-2-0000001', 'DV-1-abc', used, `DV-1-${'9'.repeat(30)}`, no(at + 1)];
    for (const [i, voucherNo] of given.entries()) {
      const res = await voucher(attacker, { ...(await deposit(attacker, `ANY-${i}`)), voucherNo });
      expect([res.status, res.body.voucherNo]).toEqual([200, no(at + 1 + i)]);
    }
  });

  it(`${PARALLEL} parallel vouchers, half naming the numbers the counter will hand out next: all 200, all different`, async () => {
    const next = await counterAt();
    const bodies: { token: string; body: Record<string, unknown> }[] = [];
    for (let i = 0; i < PARALLEL; i += 1) {
      const token = i % 2 ? victim : attacker;
      const record = await deposit(token, `BURST-${i}`);
      bodies.push({ token, body: i % 2 ? record : { ...record, voucherNo: no(next + 1 + i) } });
    }
    const answers = await burstWhileBusy(t, () => bodies.map(({ token, body }) => voucher(token, body)));
    expect(answers.map((a) => answerOf(a)).filter(([status]) => status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.voucherNo)).size).toBe(PARALLEL);
  });

  it('a number a client took before this fix (already stored) is skipped, not collided with', async () => {
    const next = await counterAt();
    const taken = [no(next + 1), no(next + 2)];
    const template = await t.db
      .selectFrom('vouchers')
      .selectAll()
      .where('company_id', '=', PADMA)
      .executeTakeFirstOrThrow();
    for (const [i, voucherNo] of taken.entries()) {
      await t.db
        .insertInto('vouchers')
        .values({ ...template, id: undefined, voucher_no: voucherNo, reference_id: `LEGACY-${i}` })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const res = await voucher(victim, await deposit(victim, 'AFTER-LEGACY'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.voucherNo).toBe(no(next + 3));
  });
});

describe('deposit reference numbers', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('the same reference twice is DUPLICATE_REFERENCE_NUMBER whatever its letters, never 500', async () => {
    const deposit = (ref: string) => t.call('POST', '/api/account/deposit', { token: agent, body: depositBody(ref) });
    for (const ref of ['SLIP-ÄÖ-1', 'İSTANBUL-7', 'ÉCU-Ω-9', 'ĀĒĪ', 'slip-ascii']) {
      expect((await deposit(ref)).status).toBe(200);
      expect(answerOf(await deposit(ref))).toEqual([409, 'DUPLICATE_REFERENCE_NUMBER']);
    }
    // ASCII letters in another case are the same slip.
    expect(answerOf(await deposit('SLIP-ASCII'))).toEqual([409, 'DUPLICATE_REFERENCE_NUMBER']);
    expect(answerOf(await deposit('Slip-Äö-1'))[0]).toBeLessThan(500);
  });

  it(`${PARALLEL} parallel deposits with one reference: one is taken, the rest DUPLICATE_REFERENCE_NUMBER`, async () => {
    const answers = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, (_, i) =>
        t.call('POST', '/api/account/deposit', { token: agent, body: depositBody('ÜBERWEISUNG-42', 100 + i) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.reason])).toEqual(
      Array(PARALLEL - 1).fill([409, 'DUPLICATE_REFERENCE_NUMBER']),
    );
  });
});

describe('Idempotency-Key', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it(`${PARALLEL} parallel deposits with one key: one deposit, one answer; another body with the key is IDEMPOTENCY_KEY_REUSED`, async () => {
    const headers = { 'idempotency-key': 'same-key-1' };
    const answers = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, () =>
        t.call('POST', '/api/account/deposit', { token: agent, body: depositBody('IDEM-1'), headers }),
      ),
    );
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(answers.map((a) => a.body.transactionId)).size).toBe(1);
    const mixed = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, (_, i) =>
        t.call('POST', '/api/account/deposit', {
          token: agent,
          body: depositBody(`IDEM-MIX-${i}`),
          headers: { 'idempotency-key': 'same-key-2' },
        }),
      ),
    );
    expect(mixed.filter((a) => a.status === 200)).toHaveLength(1);
    expect(mixed.filter((a) => a.status !== 200).map((a) => [a.status, a.body.reason])).toEqual(
      Array(PARALLEL - 1).fill([409, 'IDEMPOTENCY_KEY_REUSED']),
    );
  });

  it('one key used on every money call in turn: the first wins, every other call is IDEMPOTENCY_KEY_REUSED, never 500', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const sold = await sell(t, agent, trip, ['A1']);
    const headers = { 'idempotency-key': 'one-key-everywhere' };
    expect(
      (await t.call('POST', '/api/account/deposit', { token: agent, body: depositBody('IDEM-EVERY'), headers })).status,
    ).toBe(200);
    await lock(t, agent, trip, ['B1']);
    const calls = [
      () =>
        t.call('POST', '/api/extraWeightCharge', {
          token: agent,
          body: { companyId: trip.companyId, reservationPnr: sold.pnr, amount: 50, description: 'Box' },
          headers,
        }),
      () => t.call('POST', '/api/extraWeightCharge/cancel', { token: agent, body: { pnr: sold.pnr }, headers }),
      () =>
        create(
          t,
          agent,
          { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['B1'], passenger: passenger() },
          headers,
        ),
      () => ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: sold.returnAmount }, headers),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, res.body.reason]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    }
  });

  it(`${PARALLEL} parallel sales with one key: one reservation, one charge`, async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    await lock(t, agent, trip, ['C1']);
    const headers = { 'idempotency-key': 'sale-key' };
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['C1'], passenger: passenger() };
    const answers = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, () => create(t, agent, body, headers)),
    );
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    const pnrs = new Set(answers.map((a) => a.body.pnr));
    expect(pnrs.size).toBe(1);
    expect(
      await t.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('reference', '=', [...pnrs][0] as string)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('device ids', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  it(`${PARALLEL} parallel registrations of one new device id: one device, its licence key to one of them, no 500`, async () => {
    const body = { deviceId: 'attacker-device-0001', deviceType: 'AGENT_ELECTRON' };
    const answers = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, () => t.call('POST', '/api/mobileDevices/register', { body })),
    );
    expect(statuses(answers)).toEqual(Array(PARALLEL).fill(200));
    // One registration created it and alone holds its key and secret; the others learn its status only.
    const keyed = answers.filter((a) => a.body.licenceKey !== null);
    expect(keyed).toHaveLength(1);
    expect(keyed[0]?.body.deviceSecret).toEqual(expect.any(String));
    expect(answers.filter((a) => a.body.deviceSecret !== undefined)).toHaveLength(1);
    expect(await t.db.selectFrom('devices').select('id').where('device_id', '=', body.deviceId).execute()).toHaveLength(
      1,
    );
  });
});
