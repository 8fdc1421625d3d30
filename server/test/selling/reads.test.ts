import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, makeUser, sell, sellingContext, type Ctx } from './fixtures';

describe('reservation lookups, PIN, history, prints and passengers', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('byPnrAndPin answers the reservation with names, times and money', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const sold = await sell(t, agent, trip, ['A1'], { from: 0, to: 1 });
    const res = await t.call('POST', '/api/reservation/byPnrAndPin', {
      token: agent,
      body: { pnr: sold.pnr.toLowerCase(), pin: sold.pin },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pnr: sold.pnr,
      referencePnr: null,
      status: 1,
      companyName: 'Meghna Express',
      // The Bengali names the server has, for Bengali tickets and screens (issue #33).
      companyNameBn: 'মেঘনা এক্সপ্রেস',
      coachCode: 'M-11',
      coachType: 'AC Business',
      routeName: 'Dhaka - Cumilla - Chattogram',
      tripDate: '2026-01-16',
      origin: { name: 'Sayedabad', nameBn: 'সায়েদাবাদ', cityName: 'Dhaka', cityNameBn: 'ঢাকা' },
      destination: { name: 'Jangalia', nameBn: 'জাঙ্গালিয়া', cityName: 'Cumilla', cityNameBn: 'কুমিল্লা' },
      boardingTime: trip.times[0],
      arrivalTime: trip.times[1],
      seats: [{ name: 'A1', seatType: 'Business', fare: 550, discount: 0, status: 1 }],
      fare: 550,
      totalFare: 550,
      passenger: { name: 'Test Passenger', countryCode: 'BD', email: null },
      verified: true,
      outlet: 'Motijheel Counter',
      agentUser: 'agent',
      printCount: 0,
      allowedActions: [2],
    });
    expect(res.body.pin).toBeUndefined();
    expect(new Date(res.body.boardingTime).getTime() - new Date(res.body.reportingTime).getTime()).toBe(15 * 60_000);
  });

  it('resendPin sets a new PIN, texts it and answers the masked phone', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const sold = await sell(t, agent, trip, ['A1']);
    const res = await t.call('POST', '/api/reservation/resendPin', { token: agent, body: { pnr: sold.pnr } });
    expect(res.body).toEqual({ ok: true, maskedPhone: '+88017*****344' });
    const sms = await t.db.selectFrom('sms_outbox').select('text').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const pin = /PIN (\d{6})/.exec(sms.text)?.[1] ?? '';
    expect(
      (await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: sold.pnr, pin } })).status,
    ).toBe(200);
    if (pin !== sold.pin)
      expect(
        (await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: sold.pnr, pin: sold.pin } }))
          .body.reason,
      ).toBe('WRONG_PNR_PIN');
    expect(
      (await t.call('POST', '/api/reservation/resendPin', { token: agent, body: { pnr: 'ZZZZZZZZZZ' } })).status,
    ).toBe(404);
    const other = await t.login('postpaid');
    // Another agent's PNR is answered like one that does not exist.
    expect(
      (await t.call('POST', '/api/reservation/resendPin', { token: other, body: { pnr: sold.pnr } })).body,
    ).toEqual({ reason: 'RESERVATION_NOT_FOUND', details: { pnr: sold.pnr } });
  });

  it('boardingListByPnr and history', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const sold = await sell(t, agent, trip, ['A1']);
    const boarding = await t.call('POST', '/api/reservation/boardingListByPnr', {
      token: agent,
      body: { pnr: sold.pnr },
    });
    expect(boarding.body.map((b: { name: string }) => b.name)).toEqual(['Sayedabad', 'Jangalia']);
    await t.call('POST', '/api/reservation/ticketOperation', {
      token: agent,
      body: { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: sold.returnAmount },
    });
    const history = await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr: sold.pnr } });
    expect(history.body).toMatchObject([
      { action: 'SELL', user: 'agent', outlet: 'Motijheel Counter', amount: 1320 },
      { action: 'CANCELLED', user: 'agent', amount: sold.returnAmount },
    ]);
  });

  it("recent lists the caller's latest reservations under a company", async () => {
    const meghna = (await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' })).companyId;
    const res = await t.call('GET', `/api/reservation/recent/${meghna}/2`, { token: agent });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0].reservationTime >= res.body[1].reservationTime).toBe(true);
    const seller = await t.login('seller');
    expect((await t.call('GET', `/api/reservation/recent/${meghna}/2`, { token: seller })).body.reason).toBe(
      'COMPANY_NOT_ALLOWED',
    );
  });

  it('savePrintAction counts prints; a reprint needs AGENT_PRINT_TICKET', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const sold = await sell(t, agent, trip, ['A1']);
    expect(
      (await t.call('GET', `/api/reservation/savePrintAction/${sold.pnr}/ORIGINAL`, { token: agent })).body,
    ).toEqual({ ok: true, printCount: 1 });
    expect(
      (await t.call('GET', `/api/reservation/savePrintAction/${sold.pnr}/REPRINT`, { token: agent })).body,
    ).toEqual({ ok: true, printCount: 2 });
    const noPrint = await makeUser(t, 'no-print', ['AGENT_CREATE_RESERVATION']);
    expect(
      (await t.call('GET', `/api/reservation/savePrintAction/${sold.pnr}/REPRINT`, { token: noPrint })).body.reason,
    ).toBe('PERMISSION_DENIED');
    expect((await t.call('GET', `/api/reservation/savePrintAction/${sold.pnr}/COPY`, { token: agent })).status).toBe(
      400,
    );
  });

  it('passenger find returns a known passenger by phone (null when unknown)', async () => {
    const companyId = (await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' })).companyId;
    const found = await t.call('POST', '/api/passenger/find', {
      token: agent,
      body: { companyId, phone: '+8801711223344' },
    });
    expect(found.body).toEqual({ phone: '+8801711223344', countryCode: 'BD', name: 'Test Passenger', email: null });
    expect(
      (await t.call('POST', '/api/passenger/find', { token: agent, body: { companyId, phone: '+8801999999999' } }))
        .body,
    ).toBeNull();
  });

  it("passenger list is the trip's boarding chart of the caller's agent, with AGENT_VIEW_PASSENGER", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    await sell(t, agent, trip, ['A1', 'A2'], { from: 0, to: 1 });
    await sell(t, await t.login('postpaid'), trip, ['B1']);
    const res = await t.call('POST', '/api/passenger/list', { token: agent, body: { tripId: trip.tripId } });
    expect(res.body).toMatchObject([
      {
        seat: 'A1',
        status: 1,
        name: 'Test Passenger',
        boarding: 'Sayedabad',
        dropping: 'Jangalia',
        outlet: 'Motijheel Counter',
      },
      { seat: 'A2', status: 1 },
    ]);
    const blind = await makeUser(t, 'no-passengers', ['AGENT_CREATE_RESERVATION']);
    expect(
      (await t.call('POST', '/api/passenger/list', { token: blind, body: { tripId: trip.tripId } })).body.reason,
    ).toBe('PERMISSION_DENIED');
  });
});
