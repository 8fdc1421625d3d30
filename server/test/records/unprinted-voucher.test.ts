import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, findTrip, makeUser, openTicketBody, sell, sellingContext, type Ctx } from '../selling/fixtures';
import { MEGHNA, PADMA, requestDeposit } from './support';

describe('unprinted tickets', () => {
  let t: Ctx;
  let agent: string;
  const unprinted = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/reservation/unprinted', { token, body: { companyId: MEGHNA, ...body } });
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it("lists the agent's sold tickets never printed, newest first, until each is printed", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const a = await sell(t, agent, trip, ['A1', 'A2']);
    t.clock.advanceSeconds(1);
    const b = await sell(t, agent, trip, ['B1']);
    t.clock.advanceSeconds(1);
    await sell(t, agent, trip, ['C1'], { kind: 'BOOK' });
    const list = (await unprinted({})).body;
    expect(list.total).toBe(2);
    expect(list.items.map((r: { pnr: string }) => r.pnr)).toEqual([b.pnr, a.pnr]);
    expect(list.items[1]).toMatchObject({
      status: 1,
      seats: ['A1', 'A2'],
      coachCode: trip.coachCode,
      tripDate: '2026-01-16',
      passengerName: 'Test Passenger',
      totalFare: a.totalFare,
      agentUser: 'agent',
      boardingTime: trip.times[0],
    });
    expect((await unprinted({ page: 2, pageSize: 1 })).body.items.map((r: { pnr: string }) => r.pnr)).toEqual([a.pnr]);
    const printed = await t.call('GET', `/api/reservation/savePrintAction/${b.pnr}/ORIGINAL`, { token: agent });
    expect(printed.status).toBe(200);
    expect((await unprinted({})).body.items.map((r: { pnr: string }) => r.pnr)).toEqual([a.pnr]);
    // Another agent's unprinted tickets are not mine.
    const other = await makeUser(t, 'up-other', ['AGENT_PRINT_TICKET'], { agent: 'AG-2001' });
    expect((await unprinted({}, other)).body.total).toBe(0);
  });

  it('leaves out a ticket once its coach has left the boarding point, unless asked; an open ticket stays', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 1 });
    const later = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const leaving = await sell(t, agent, trip, ['D1']);
    const staying = await sell(t, agent, later, ['D2']);
    const open = await create(t, agent, openTicketBody(trip));
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const pnrs = async (body: Record<string, unknown>) =>
      ((await unprinted({ pageSize: 100, ...body })).body.items as { pnr: string }[]).map((r) => r.pnr);
    expect(await pnrs({})).toEqual(expect.arrayContaining([leaving.pnr, staying.pnr, open.body.pnr]));

    // One second before its boarding time it is still listed; at that time it has left.
    t.clock.set(new Date(Date.parse(trip.times[0]!) - 1000));
    expect(await pnrs({})).toContain(leaving.pnr);
    t.clock.set(trip.times[0]!);
    const listed = await pnrs({});
    expect(listed).not.toContain(leaving.pnr);
    expect(listed).toEqual(expect.arrayContaining([staying.pnr, open.body.pnr]));
    expect((await unprinted({ pageSize: 100 })).body.total).toBe(listed.length);
    expect(await pnrs({ includeDeparted: true })).toEqual(
      expect.arrayContaining([leaving.pnr, staying.pnr, open.body.pnr]),
    );
  });

  it("needs AGENT_PRINT_TICKET and the caller's company", async () => {
    const seller = await t.login('seller');
    expect((await unprinted({ companyId: PADMA }, seller)).body.reason).toBe('PERMISSION_DENIED');
    const padmaOnly = await makeUser(t, 'up-padma', ['AGENT_PRINT_TICKET'], { companies: ['PADMA'] });
    expect((await unprinted({}, padmaOnly)).body.reason).toBe('COMPANY_NOT_ALLOWED');
  });
});

describe('vouchers', () => {
  let t: Ctx;
  let agent: string;
  const voucherNo = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/getVoucherNo', { token, body: { companyId: PADMA, ...body } });
  const create = (body: Record<string, unknown>, token = agent) =>
    t.call('POST', '/api/createVoucher', { token, body: { companyId: PADMA, ...body } });
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('numbers receipts per company and kind, and records one voucher per money record', async () => {
    expect((await voucherNo({ kind: 'DEPOSIT' })).body).toEqual({ kind: 'DEPOSIT', voucherNo: 'DV-1-0000001' });
    // Held for the caller until its next voucher takes it (issue #32): asking again burns no number.
    expect((await voucherNo({ kind: 'DEPOSIT' })).body.voucherNo).toBe('DV-1-0000001');
    expect((await voucherNo({ kind: 'EXTRA_WEIGHT', companyId: MEGHNA })).body.voucherNo).toBe('XV-2-0000001');
    const dep = await requestDeposit(t, agent, 'V-1', 1234.5);
    // The server numbers the voucher itself (the deposit took the held number): a voucherNo in the request is ignored.
    const v = await create({
      kind: 'DEPOSIT',
      referenceId: dep.transactionId,
      amount: 1234.5,
      voucherNo: 'DV-1-0000002',
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body).toMatchObject({
      voucherNo: 'DV-1-0000001',
      kind: 'DEPOSIT',
      companyName: 'Padma Paribahan',
      referenceId: dep.transactionId,
      amount: 1234.5,
      agentName: 'Shapla Travels',
      outlet: 'Motijheel Counter',
      user: 'agent',
    });
    // A reprint answers the same voucher.
    expect((await create({ kind: 'DEPOSIT', referenceId: dep.transactionId, amount: 1234.5 })).body).toEqual(v.body);
    const dep2 = await requestDeposit(t, agent, 'V-2', 10);
    expect((await create({ kind: 'DEPOSIT', referenceId: dep2.transactionId, amount: 10 })).body.voucherNo).toBe(
      'DV-1-0000002',
    );
    expect((await create({ kind: 'DEPOSIT', referenceId: dep2.transactionId, amount: 11 })).body.reason).toBe(
      'AMOUNT_MISMATCH',
    );
    expect((await create({ kind: 'DEPOSIT', referenceId: 'DP99999999', amount: 10 })).body.reason).toBe(
      'DEPOSIT_NOT_FOUND',
    );
    const dep3 = await requestDeposit(t, agent, 'V-3', 10);
    expect(
      (await create({ kind: 'DEPOSIT', referenceId: dep3.transactionId, amount: 10, voucherNo: 'DV-1-0000002' })).body
        .voucherNo,
    ).toBe('DV-1-0000003');
  });

  it('extra weight receipts: the charge, and its return only once returned', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const sold = await sell(t, agent, trip, ['A1']);
    const ch = await t.call('POST', '/api/extraWeightCharge', {
      token: agent,
      body: { companyId: MEGHNA, reservationPnr: sold.pnr, amount: 80, description: 'Bicycle' },
    });
    const v = await create({ companyId: MEGHNA, kind: 'EXTRA_WEIGHT', referenceId: ch.body.pnr, amount: 80 });
    // The number getVoucherNo held for the caller in the first test.
    expect(v.body).toMatchObject({ kind: 'EXTRA_WEIGHT', referenceId: ch.body.pnr, voucherNo: 'XV-2-0000001' });
    expect(
      (await create({ companyId: MEGHNA, kind: 'EXTRA_WEIGHT_RETURN', referenceId: ch.body.pnr, amount: 80 })).body
        .reason,
    ).toBe('EXTRA_WEIGHT_NOT_ALLOWED');
    await t.call('POST', '/api/extraWeightCharge/cancel', { token: agent, body: { pnr: ch.body.pnr } });
    expect(
      (await create({ companyId: MEGHNA, kind: 'EXTRA_WEIGHT_RETURN', referenceId: ch.body.pnr, amount: 80 })).body
        .voucherNo,
    ).toBe('XR-2-0000001');
    // Under the wrong company the charge is not found.
    expect((await create({ kind: 'EXTRA_WEIGHT', referenceId: ch.body.pnr, amount: 80 })).body.reason).toBe(
      'EXTRA_WEIGHT_CHARGE_NOT_FOUND',
    );
  });

  it('permission of the kind and company scoping', async () => {
    const seller = await t.login('seller');
    expect((await voucherNo({ kind: 'DEPOSIT' }, seller)).body.reason).toBe('PERMISSION_DENIED');
    const depOnly = await makeUser(t, 'v-dep', ['AGENT_DEPOSIT_REQUEST'], { companies: ['PADMA'] });
    expect((await voucherNo({ kind: 'DEPOSIT' }, depOnly)).status).toBe(200);
    expect((await voucherNo({ kind: 'EXTRA_WEIGHT' }, depOnly)).body.reason).toBe('PERMISSION_DENIED');
    expect((await voucherNo({ kind: 'DEPOSIT', companyId: MEGHNA }, depOnly)).body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect((await voucherNo({ kind: 'CASH' })).status).toBe(400);
  });
});
