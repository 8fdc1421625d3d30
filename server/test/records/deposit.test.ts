import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupKeyOf, sealAnswer } from '../../src/modules/idempotency/sealing';
import { balanceOf, makeUser, sellingContext, type Ctx } from '../selling/fixtures';
import { cli, depositBody, expectLedgerInvariant, MEGHNA, PADMA, requestDeposit } from './support';

describe('deposits: request, list, operator approval', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const deposit = (body: unknown, token = agent, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/account/deposit', { token, body, headers });
  const list = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/account/depositList', { token, body: { companyId: PADMA, ...body } });

  it('records a PENDING request that moves no money until the operator approves it', async () => {
    const before = await balanceOf(t, agent, PADMA);
    const res = await deposit(depositBody('SLIP-001', 2500.5));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'PENDING',
      amount: 2500.5,
      referenceNumber: 'SLIP-001',
      user: 'agent',
      outlet: 'Motijheel Counter',
      description: 'Bank deposit',
      remarks: 'Sonali Bank',
      decisionTime: null,
      employee: null,
    });
    expect(res.body.transactionId).toMatch(/^DP\d{8}$/);
    expect(await balanceOf(t, agent, PADMA)).toBe(before);

    const approved = await cli(t, 'deposit', 'approve', res.body.transactionId, '--employee', 'Salma (accounts)');
    expect(approved.code, approved.err.join('\n')).toBe(0);
    expect(approved.out[0]).toContain(`deposit ${res.body.transactionId} APPROVED`);
    expect(await balanceOf(t, agent, PADMA)).toBe(before + 2500.5);
    const shown = (await list({ transactionId: res.body.transactionId })).body;
    expect(shown).toMatchObject({ total: 1, items: [{ status: 'APPROVED', employee: 'Salma (accounts)' }] });
    // A decided request stays decided: no second credit.
    expect((await cli(t, 'deposit', 'approve', res.body.transactionId)).code).toBe(1);
    expect((await cli(t, 'deposit', 'reject', res.body.transactionId)).code).toBe(1);
    expect(await balanceOf(t, agent, PADMA)).toBe(before + 2500.5);
    await expectLedgerInvariant(t);
  });

  it('gives each request its voucher (receipt) number, shown in the list and kept by its receipt', async () => {
    const first = await deposit(depositBody('SLIP-VOUCHER-1', 300));
    const second = await deposit(depositBody('SLIP-VOUCHER-2', 400));
    expect(first.status).toBe(200);
    expect(first.body.voucherNo).toMatch(new RegExp(`^DV-${PADMA}-\\d{7}$`));
    expect(second.body.voucherNo).toMatch(new RegExp(`^DV-${PADMA}-\\d{7}$`));
    expect(second.body.voucherNo).not.toBe(first.body.voucherNo);
    const shown = (await list({ transactionId: first.body.transactionId })).body;
    expect(shown.items[0]).toMatchObject({ transactionId: first.body.transactionId, voucherNo: first.body.voucherNo });
    // The receipt prints the number the request was given, not a new one.
    const receipt = await t.call('POST', '/api/createVoucher', {
      token: agent,
      body: { companyId: PADMA, kind: 'DEPOSIT', referenceId: first.body.transactionId, amount: 300 },
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body).toMatchObject({
      voucherNo: first.body.voucherNo,
      referenceId: first.body.transactionId,
      amount: 300,
    });
    // A retry with the same Idempotency-Key answers the same number.
    const key = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
    const once = await deposit(depositBody('SLIP-VOUCHER-3', 500), agent, { 'idempotency-key': key });
    const again = await deposit(depositBody('SLIP-VOUCHER-3', 500), agent, { 'idempotency-key': key });
    expect(again.body.voucherNo).toBe(once.body.voucherNo);
  });

  it('replays an answer stored before deposits were numbered, with no voucher number, rather than failing', async () => {
    const key = '0d9e8f7a-6b5c-4d3e-9f1a-23456789abcd';
    const once = await deposit(depositBody('SLIP-LEGACY', 400), agent, { 'idempotency-key': key });
    expect(once.status).toBe(200);
    // The answer as an older server stored it: the same deposit, without voucherNo.
    const user = await t.db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow();
    const legacy: Record<string, unknown> = { ...once.body };
    delete legacy.voucherNo;
    await t.db
      .updateTable('idempotency_keys')
      .set({ response_json: sealAnswer(user.id, key, legacy) })
      .where('key', '=', lookupKeyOf(user.id, key))
      .execute();
    const again = await deposit(depositBody('SLIP-LEGACY', 400), agent, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ transactionId: once.body.transactionId, voucherNo: null });
  });

  it('a rejected request never credits', async () => {
    const before = await balanceOf(t, agent, PADMA);
    const d = await requestDeposit(t, agent, 'SLIP-REJ', 700);
    const rejected = await cli(t, 'deposit', 'reject', d.transactionId);
    expect(rejected.out[0]).toContain('REJECTED');
    expect(await balanceOf(t, agent, PADMA)).toBe(before);
    expect((await list({ transactionId: d.transactionId })).body.items[0]).toMatchObject({
      status: 'REJECTED',
      employee: 'operator',
    });
  });

  it('validates: amount equal to its confirmation, a reference number, a positive amount', async () => {
    const mismatch = await deposit(depositBody('SLIP-X', 100, { confirmAmount: 101 }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      reason: 'AMOUNT_MISMATCH',
      details: { fields: { confirmAmount: 'must equal amount' } },
    });
    const noRef = await deposit({ companyId: PADMA, amount: 100, confirmAmount: 100 });
    expect(noRef.status).toBe(400);
    expect(noRef.body.reason).toBe('VALIDATION_FAILED');
    expect(noRef.body.details.fields).toHaveProperty('referenceNumber');
    const blankRef = await deposit(depositBody('   ', 100));
    expect(blankRef.body.details.fields).toHaveProperty('referenceNumber');
    const negative = await deposit(depositBody('SLIP-N', -5));
    expect(negative.status).toBe(400);
    expect(negative.body.details.fields).toHaveProperty('amount');
    expect((await deposit(depositBody('SLIP-Z', 0))).status).toBe(400);
    expect((await deposit(depositBody('SLIP-D', 10.123))).body.details.fields).toHaveProperty('amount');
  });

  it('a reference number is unique per agent, whatever the case or company', async () => {
    await requestDeposit(t, agent, 'BRAC-777', 100);
    const again = await deposit(depositBody('brac-777', 100, { companyId: MEGHNA }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      reason: 'DUPLICATE_REFERENCE_NUMBER',
      details: { fields: { referenceNumber: expect.any(String) } },
    });
    // Another agent may use the same slip number.
    const other = await t.login('postpaid');
    await t.db
      .insertInto('role_permissions')
      .values({
        role_id: 3,
        permission_id: (
          await t.db
            .selectFrom('permissions')
            .select('id')
            .where('name', '=', 'AGENT_DEPOSIT_REQUEST')
            .executeTakeFirstOrThrow()
        ).id,
      })
      .execute();
    const theirs = await deposit(depositBody('BRAC-777', 100, { companyId: MEGHNA }), other);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
  });

  it('an Idempotency-Key repeat answers the first request and adds nothing', async () => {
    const headers = { 'idempotency-key': 'dep-key-1' };
    const first = await deposit(depositBody('SLIP-IDEM', 300), agent, headers);
    const second = await deposit(depositBody('SLIP-IDEM', 300), agent, headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await list({ transactionId: first.body.transactionId })).body.total).toBe(1);
    const other = await deposit(depositBody('SLIP-IDEM-2', 300), agent, headers);
    expect(other.body.reason).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("needs AGENT_DEPOSIT_REQUEST and one of the caller's companies", async () => {
    const seller = await t.login('seller');
    expect((await deposit(depositBody('SLIP-P', 100), seller)).body.reason).toBe('PERMISSION_DENIED');
    expect((await list({}, seller)).body.reason).toBe('PERMISSION_DENIED');
    const padmaOnly = await makeUser(t, 'dep-padma', ['AGENT_DEPOSIT_REQUEST'], { companies: ['PADMA'] });
    const foreign = await deposit(depositBody('SLIP-F', 100, { companyId: MEGHNA }), padmaOnly);
    expect(foreign.status).toBe(403);
    expect(foreign.body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect((await list({ companyId: MEGHNA }, padmaOnly)).body.reason).toBe('COMPANY_NOT_ALLOWED');
  });

  it('lists paged and sorted on the server, filtered by status and local dates', async () => {
    const u = await makeUser(t, 'dep-pager', ['AGENT_DEPOSIT_REQUEST'], { agent: 'AG-1002', companies: ['PADMA'] });
    t.clock.set('2026-02-01T04:00:00.000Z');
    const made = [];
    for (let i = 1; i <= 7; i += 1) {
      made.push(await requestDeposit(t, u, `PG-${i}`, i * 100));
      t.clock.advanceDays(1);
    }
    const p1 = (await list({ page: 1, pageSize: 3 }, u)).body;
    expect(p1.total).toBe(7);
    expect(p1.items.map((d: { referenceNumber: string }) => d.referenceNumber)).toEqual(['PG-7', 'PG-6', 'PG-5']);
    const p3 = (await list({ page: 3, pageSize: 3 }, u)).body;
    expect(p3.items.map((d: { referenceNumber: string }) => d.referenceNumber)).toEqual(['PG-1']);
    const asc = (await list({ page: 2, pageSize: 3, sort: 'amount,asc' }, u)).body;
    expect(asc.items.map((d: { amount: number }) => d.amount)).toEqual([400, 500, 600]);
    expect((await list({ page: 9, pageSize: 3 }, u)).body).toMatchObject({ total: 7, items: [] });
    // 2026-02-02 and 02-03 in Dhaka: the second and third requests.
    const ranged = (await list({ startDate: '2026-02-02', endDate: '2026-02-03' }, u)).body;
    expect(ranged.items.map((d: { referenceNumber: string }) => d.referenceNumber)).toEqual(['PG-3', 'PG-2']);
    await cli(t, 'deposit', 'approve', made[0]?.transactionId ?? '');
    expect(
      (await list({ status: 'APPROVED' }, u)).body.items.map((d: { referenceNumber: string }) => d.referenceNumber),
    ).toEqual(['PG-1']);
    expect((await list({ status: 'PENDING' }, u)).body.total).toBe(6);
    expect((await list({ startDate: '2026-02-05', endDate: '2026-02-01' }, u)).body.reason).toBe('VALIDATION_FAILED');
    expect((await list({ transactionId: 'nonsense' }, u)).body.total).toBe(0);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });
});
