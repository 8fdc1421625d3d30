import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, makeUser, sell, type Ctx } from '../selling/fixtures';
import { D1, D2, REPORT_PERMISSIONS, SALE_PERMISSIONS, knownTrade, p, type KnownTrade } from './known-trade';

/** Money in paisa while computing expectations, shown as the API's 2-decimal numbers. */
const m = (minor: number) => minor / 100;

/** The known two days of trade at the demo agent's counter: see known-trade.ts. */
describe('reports: rows and totals equal the hand-computed figures', () => {
  let t: Ctx;
  let agent: string;
  let companyId: number;
  let outletId: number;
  let agentUserId: number;
  let clerkUserId: number;
  let commissionOf: (fareMinor: number) => number;
  const fare = { s1: 0, s2: 0, s3: 0, migrated: 0, booking: 0, s4: 0, s5: 0, g: 0 };
  let refundS2 = 0;
  let migrationCharge = 0;
  const pnr = { s1: '', s2: '', s3: '', migrated: '', booking: '', s4: '', s5: '', g: '' };

  // Three reports answer a PDF unless asked otherwise (the portal downloads them as files); these cases read the JSON.
  const get = (token: string, path: string) => t.call('GET', `/api/reports/${path}?format=json`, { token });
  const post = (token: string, path: string, body: Record<string, unknown>) =>
    t.call('POST', `/api/reports/${path}`, { token, body });

  beforeAll(async () => {
    const trade: KnownTrade = await knownTrade();
    ({ t, agent, companyId, outletId, commissionOf, refundS2, migrationCharge } = trade);
    Object.assign(fare, trade.fare);
    Object.assign(pnr, trade.pnr);
    const users = await t.db
      .selectFrom('users')
      .select(['id', 'username', 'outlet_id'])
      .where('username', 'in', ['agent', 'clerk'])
      .execute();
    agentUserId = users.find((u) => u.username === 'agent')?.id ?? 0;
    clerkUserId = users.find((u) => u.username === 'clerk')?.id ?? 0;
    expect(users.find((u) => u.username === 'clerk')?.outlet_id).toBe(outletId);
    // The fine band of a cancel two days or more before boarding keeps 10 %.
    expect(fare.s2 - refundS2).toBe(Math.round(fare.s2 * 0.1));
    expect(migrationCharge).toBe(fare.migrated - fare.s3);
  });
  afterAll(() => t.close());

  const seatCommission = (f: number, seats: number) => commissionOf(f / seats) * seats;

  function figures(f: {
    tickets: number;
    seats: number;
    gross: number;
    migrations?: number;
    migration?: number;
    cancellations?: number;
    refunds?: number;
    commission: number;
  }) {
    const migration = f.migration ?? 0;
    const refunds = f.refunds ?? 0;
    return {
      tickets: f.tickets,
      seats: f.seats,
      grossFare: m(f.gross),
      discount: 0,
      netFare: m(f.gross),
      migrations: f.migrations ?? 0,
      migrationCharge: m(migration),
      cancellations: f.cancellations ?? 0,
      refunds: m(refunds),
      commission: m(f.commission),
      netCollection: m(f.gross + migration - refunds),
    };
  }

  const day1Agent = () =>
    figures({
      tickets: 3,
      seats: 4,
      gross: fare.s1 + fare.s2 + fare.s3,
      migrations: 1,
      migration: migrationCharge,
      cancellations: 1,
      refunds: refundS2,
      // S2's commission is reversed by its cancel, S3's by its migration; the migrated ticket earns its own.
      commission: seatCommission(fare.s1, 2) + commissionOf(fare.migrated),
    });
  const day2Agent = () =>
    figures({
      tickets: 2,
      seats: 2,
      gross: fare.s4 + fare.s5,
      commission: commissionOf(fare.s4) + commissionOf(fare.s5),
    });
  const clerkFigures = () => figures({ tickets: 1, seats: 1, gross: fare.g, commission: commissionOf(fare.g) });

  it('userSalesSummary: the caller’s sales per local day, with totals', async () => {
    const res = await get(agent, `userSalesSummary/${companyId}/${D1}/${D2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.header).toMatchObject({
      company: expect.any(String),
      agent: expect.any(String),
      user: 'agent',
      period: { from: D1, to: D2 },
    });
    expect(res.body.header.outlet).toEqual(expect.any(String));
    expect(res.body.rows).toEqual([
      { date: D1, ...day1Agent() },
      { date: D2, ...day2Agent() },
    ]);
    const d1 = day1Agent();
    const d2 = day2Agent();
    expect(res.body.totals).toEqual(
      figures({
        tickets: 5,
        seats: 6,
        gross: p(d1.grossFare) + p(d2.grossFare),
        migrations: 1,
        migration: migrationCharge,
        cancellations: 1,
        refunds: refundS2,
        commission: p(d1.commission) + p(d2.commission),
      }),
    );
    const one = await get(agent, `userSalesSummary/${companyId}/${D2}/${D2}`);
    expect(one.body.rows).toEqual([{ date: D2, ...day2Agent() }]);
  });

  it('userSalesDetails: each sale, cancel and migration of the day, oldest first', async () => {
    const res = await get(agent, `userSalesDetails/${companyId}/${D1}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.rows as {
      action: string;
      pnr: string;
      seats: string[];
      fare: number;
      amount: number;
      user: string;
    }[];
    expect(rows.map((r) => [r.action, r.pnr, r.seats, r.fare, r.amount])).toEqual([
      ['SELL', pnr.s1, ['A1', 'A2'], m(fare.s1), m(fare.s1)],
      ['SELL', pnr.s2, ['B1'], m(fare.s2), m(fare.s2)],
      ['CANCELLED', pnr.s2, ['B1'], 0, -m(refundS2)],
      ['SELL', pnr.s3, ['C1'], m(fare.s3), m(fare.s3)],
      ['MIGRATE', pnr.migrated, ['L1'], 0, m(migrationCharge)],
    ]);
    expect(new Set(rows.map((r) => r.user))).toEqual(new Set(['agent']));
    const charged = fare.s1 + fare.s2 + fare.s3 + migrationCharge;
    expect(res.body.totals).toEqual({
      actions: 5,
      fare: m(fare.s1 + fare.s2 + fare.s3),
      discount: 0,
      charged: m(charged),
      refunds: m(refundS2),
      net: m(charged - refundS2),
    });
  });

  it('outletSales: one row per outlet and user over the period', async () => {
    const res = await get(agent, `outletSales/${companyId}/${D1}/${D2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a1 = day1Agent();
    const a2 = day2Agent();
    const agentRow = figures({
      tickets: 5,
      seats: 6,
      gross: p(a1.grossFare) + p(a2.grossFare),
      migrations: 1,
      migration: migrationCharge,
      cancellations: 1,
      refunds: refundS2,
      commission: p(a1.commission) + p(a2.commission),
    });
    expect(res.body.header.outlet).toBeNull();
    expect(res.body.rows).toEqual([
      { outletId, outlet: expect.any(String), userId: agentUserId, user: 'agent', ...agentRow },
      { outletId, outlet: expect.any(String), userId: clerkUserId, user: 'clerk', ...clerkFigures() },
    ]);
    expect(res.body.totals.tickets).toBe(6);
    expect(res.body.totals.seats).toBe(7);
    expect(res.body.totals.netCollection).toBe(m(p(agentRow.netCollection) + fare.g));
    expect(res.body.totals.commission).toBe(m(p(agentRow.commission) + commissionOf(fare.g)));
  });

  it('outletSalesByDateRange: one outlet per day; another agent’s outlet is not found', async () => {
    const res = await get(agent, `outletSalesByDateRange/${companyId}/${outletId}/${D1}/${D2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a2 = day2Agent();
    const c = clerkFigures();
    expect(res.body.rows).toEqual([
      { date: D1, ...day1Agent() },
      {
        date: D2,
        ...figures({
          tickets: 3,
          seats: 3,
          gross: p(a2.grossFare) + fare.g,
          commission: p(a2.commission) + p(c.commission),
        }),
      },
    ]);
    const foreign = await t.db
      .selectFrom('outlets')
      .select('id')
      .where('id', '!=', outletId)
      .where(
        'agent_id',
        '!=',
        (await t.db.selectFrom('outlets').select('agent_id').where('id', '=', outletId).executeTakeFirstOrThrow())
          .agent_id,
      )
      .executeTakeFirstOrThrow();
    const refused = await get(agent, `outletSalesByDateRange/${companyId}/${foreign.id}/${D1}/${D2}`);
    expect(refused.status).toBe(404);
    expect(refused.body.reason).toBe('BRANCH_NOT_FOUND');
  });

  it('outletSalesDetails: every user of the agent’s outlets', async () => {
    const res = await get(agent, `outletSalesDetails/${companyId}/${D1}/${D2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.rows as { action: string; pnr: string; user: string }[];
    expect(rows.map((r) => [r.action, r.pnr, r.user])).toEqual([
      ['SELL', pnr.s1, 'agent'],
      ['SELL', pnr.s2, 'agent'],
      ['CANCELLED', pnr.s2, 'agent'],
      ['SELL', pnr.s3, 'agent'],
      ['MIGRATE', pnr.migrated, 'agent'],
      ['SELL', pnr.s4, 'agent'],
      ['SELL', pnr.s5, 'agent'],
      ['SELL', pnr.g, 'clerk'],
    ]);
    const sales = fare.s1 + fare.s2 + fare.s3 + fare.s4 + fare.s5 + fare.g;
    expect(res.body.totals).toEqual({
      actions: 8,
      fare: m(sales),
      discount: 0,
      charged: m(sales + migrationCharge),
      refunds: m(refundS2),
      net: m(sales + migrationCharge - refundS2),
    });
  });

  it('omittedTripsReservationDetails: the reservations on omitted trips, by trip date and route', async () => {
    const route = await t.db
      .selectFrom('reservations')
      .select('route_id')
      .where('pnr', '=', pnr.s5)
      .executeTakeFirstOrThrow();
    const res = await get(agent, `omittedTripsReservationDetails/${companyId}/0/${D1}/2026-02-15`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        pnr: pnr.s5,
        tripState: 'OMITTED',
        status: 1,
        seats: ['F1'],
        fare: m(fare.s5),
        charged: m(fare.s5),
        refunded: 0,
        fine: 0,
        tripDate: '2026-01-24',
      }),
    ]);
    expect(res.body.totals).toEqual({
      reservations: 1,
      seats: 1,
      fare: m(fare.s5),
      discount: 0,
      charged: m(fare.s5),
      refunded: 0,
      fine: 0,
    });
    expect(
      (await get(agent, `omittedTripsReservationDetails/${companyId}/${route.route_id}/${D1}/2026-02-15`)).body.rows,
    ).toHaveLength(1);
    expect(
      (await get(agent, `omittedTripsReservationDetails/${companyId}/${route.route_id + 1000}/${D1}/2026-02-15`)).body
        .rows,
    ).toEqual([]);
    expect((await get(agent, `omittedTripsReservationDetails/${companyId}/0/${D1}/2026-01-23`)).body.rows).toEqual([]);
  });

  it('reservationDetails: every reservation of the agent, filtered and paged, totals over all matches', async () => {
    const all = await post(agent, 'reservationDetails', { companyId, fromDate: D1, toDate: D2, page: 1, pageSize: 50 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.rows.map((r: { pnr: string; status: number }) => [r.pnr, r.status])).toEqual([
      [pnr.s1, 1],
      [pnr.s2, 5],
      [pnr.s3, 10],
      [pnr.migrated, 1],
      [pnr.booking, 2],
      [pnr.s4, 1],
      [pnr.s5, 1],
      [pnr.g, 1],
    ]);
    const fineS2 = fare.s2 - refundS2;
    // A migrated-from ticket's charge moved to the ticket it became; a cancelled one keeps the fine.
    const charged = fare.s1 + fineS2 + fare.migrated + fare.s4 + fare.s5 + fare.g;
    const fares = fare.s1 + fare.s2 + fare.s3 + fare.migrated + p(all.body.rows[4].fare) + fare.s4 + fare.s5 + fare.g;
    expect(all.body.totals).toEqual({
      reservations: 8,
      seats: 9,
      fare: m(fares),
      discount: 0,
      charged: m(charged),
      refunded: m(refundS2),
      fine: m(fineS2),
    });
    expect(all.body.total).toBe(8);

    const cancelled = await post(agent, 'reservationDetails', {
      companyId,
      fromDate: D1,
      toDate: D2,
      status: 5,
      page: 1,
      pageSize: 50,
    });
    expect(cancelled.body.rows).toEqual([
      expect.objectContaining({
        pnr: pnr.s2,
        seats: ['B1'],
        fare: m(fare.s2),
        refunded: m(refundS2),
        fine: m(fineS2),
        charged: m(fineS2),
      }),
    ]);
    const byPnr = await post(agent, 'reservationDetails', {
      companyId,
      fromDate: D1,
      toDate: D2,
      pnr: pnr.s4.toLowerCase(),
      page: 1,
      pageSize: 50,
    });
    expect(byPnr.body.rows.map((r: { pnr: string }) => r.pnr)).toEqual([pnr.s4]);
    const byPhone = (phone: string) =>
      post(agent, 'reservationDetails', { companyId, fromDate: D1, toDate: D2, phone, page: 1, pageSize: 50 });
    expect((await byPhone('01711223344')).body.total).toBe(8);
    expect((await byPhone('01999999999')).body.total).toBe(0);
    const paged = await post(agent, 'reservationDetails', {
      companyId,
      fromDate: D1,
      toDate: D2,
      page: 3,
      pageSize: 3,
    });
    expect(paged.body.rows.map((r: { pnr: string }) => r.pnr)).toEqual([pnr.s5, pnr.g]);
    expect(paged.body.total).toBe(8);
    const secondDay = await post(agent, 'reservationDetails', {
      companyId,
      fromDate: D2,
      toDate: D2,
      page: 1,
      pageSize: 50,
    });
    expect(secondDay.body.total).toBe(3);
  });

  it('reservationHistory: every action on the agent’s reservations, paged', async () => {
    const res = await post(agent, 'reservationHistory', { companyId, fromDate: D1, toDate: D1, page: 1, pageSize: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r: { pnr: string; action: string }) => [r.pnr, r.action])).toEqual([
      [pnr.s1, 'SELL'],
      [pnr.s2, 'SELL'],
      [pnr.s2, 'CANCELLED'],
      [pnr.s3, 'SELL'],
      [pnr.migrated, 'MIGRATE'],
      [pnr.s3, 'TRIP_MIGRATED'],
      [pnr.booking, 'BOOK'],
    ]);
    expect(res.body.totals).toEqual({
      actions: 7,
      charged: m(fare.s1 + fare.s2 + fare.s3 + migrationCharge),
      refunded: m(refundS2),
    });
    const page2 = await post(agent, 'reservationHistory', {
      companyId,
      fromDate: D1,
      toDate: D2,
      page: 2,
      pageSize: 7,
    });
    expect(page2.body.total).toBe(10);
    expect(page2.body.rows.map((r: { pnr: string }) => r.pnr)).toEqual([pnr.s4, pnr.s5, pnr.g]);
  });

  it('days are the company’s local dates: 00:30 in Dhaka is the next day though UTC is still on the previous one', async () => {
    t.clock.set(new Date('2026-01-16T18:30:00.000Z'));
    const day10 = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10, slot: 0 });
    const late = await sell(t, agent, day10, ['H1']);
    const res = await get(agent, `userSalesSummary/${companyId}/${D2}/2026-01-17`);
    expect(res.body.rows.map((r: { date: string; tickets: number }) => [r.date, r.tickets])).toEqual([
      [D2, 2],
      ['2026-01-17', 1],
    ]);
    expect(res.body.rows[1].grossFare).toBe(late.totalFare);
    expect(
      (await get(agent, `userSalesDetails/${companyId}/${D2}`)).body.rows.map((r: { pnr: string }) => r.pnr),
    ).toEqual([pnr.s4, pnr.s5]);
  });

  describe('access and input', () => {
    type Call = { label: string; run: (token: string) => ReturnType<typeof get> };
    const range = { companyId: 0, fromDate: D1, toDate: D2, page: 1, pageSize: 20 };
    const calls = (companyId: number, outlet: number): Call[] =>
      [
        `userSalesSummary/${companyId}/${D1}/${D2}`,
        `userSalesDetails/${companyId}/${D1}`,
        `outletSales/${companyId}/${D1}/${D2}`,
        `outletSalesByDateRange/${companyId}/${outlet}/${D1}/${D2}`,
        `outletSalesDetails/${companyId}/${D1}/${D2}`,
        `omittedTripsReservationDetails/${companyId}/0/${D1}/${D2}`,
      ]
        .map((path): Call => ({ label: path, run: (token) => get(token, path) }))
        .concat(
          ['reservationDetails', 'reservationHistory'].map((path) => ({
            label: path,
            run: (token) => post(token, path, { ...range, companyId }),
          })),
        );

    it('each report needs its own permission (PERMISSION_DENIED)', async () => {
      const others = await makeUser(t, 'no-reports', SALE_PERMISSIONS);
      for (const [i, c] of calls(companyId, outletId).entries()) {
        const denied = await c.run(others);
        expect(denied.status, c.label).toBe(403);
        expect(denied.body.reason).toBe('PERMISSION_DENIED');
        // Holding every other report permission is not enough.
        const almost = await makeUser(
          t,
          `almost-${i}`,
          REPORT_PERMISSIONS.filter((_, j) => j !== i),
        );
        expect((await c.run(almost)).body.reason, c.label).toBe('PERMISSION_DENIED');
        const only = await makeUser(t, `only-${i}`, [REPORT_PERMISSIONS[i] ?? '']);
        expect((await c.run(only)).status, c.label).toBe(200);
      }
    });

    it('a company not the caller’s: COMPANY_NOT_ALLOWED', async () => {
      const padmaOnly = await makeUser(t, 'padma-only', REPORT_PERMISSIONS, { companies: ['PADMA'] });
      for (const c of calls(companyId, outletId)) {
        const res = await c.run(padmaOnly);
        expect(res.status, c.label).toBe(403);
        expect(res.body.reason).toBe('COMPANY_NOT_ALLOWED');
      }
    });

    it('bad or reversed dates: 400 VALIDATION_FAILED', async () => {
      for (const path of [
        `userSalesSummary/${companyId}/2026-13-01/${D2}`,
        `userSalesSummary/${companyId}/${D2}/${D1}`,
        `userSalesDetails/${companyId}/15-01-2026`,
        `outletSales/${companyId}/${D1}/tomorrow`,
        `outletSalesByDateRange/${companyId}/${outletId}/${D2}/${D1}`,
        `outletSalesDetails/${companyId}/2026-02-30/${D2}`,
        `omittedTripsReservationDetails/${companyId}/-1/${D1}/${D2}`,
        `omittedTripsReservationDetails/${companyId}/0/${D2}/${D1}`,
      ]) {
        const res = await get(agent, path);
        expect(res.status, path).toBe(400);
        expect(res.body.reason).toBe('VALIDATION_FAILED');
      }
      for (const [path, body] of [
        ['reservationDetails', { companyId, fromDate: '2026-1-5', toDate: D2, page: 1, pageSize: 20 }],
        ['reservationDetails', { companyId, fromDate: D2, toDate: D1, page: 1, pageSize: 20 }],
        ['reservationHistory', { companyId, fromDate: D1, page: 1, pageSize: 20 }],
      ] as const) {
        const res = await post(agent, path, body);
        expect(res.status, path).toBe(400);
        expect(res.body.reason).toBe('VALIDATION_FAILED');
      }
    });
  });
});
