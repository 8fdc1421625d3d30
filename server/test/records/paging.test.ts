import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChunk, locate, pageSpan, splitRange } from '../../src/lib/day-chunks';
import { makeUser, sellingContext, type Ctx } from '../selling/fixtures';
import { cli, requestDeposit } from './support';

describe('day chunks', () => {
  it('cuts a local date range into partial UTC days and whole days', () => {
    // Asia/Dhaka 2026-03-01..03-03 = [02-28T18:00Z, 03-03T18:00Z)
    expect(splitRange('2026-02-28T18:00:00.000Z', '2026-03-03T18:00:00.000Z')).toEqual({
      days: { fromDay: '2026-03-01', toDay: '2026-03-03' },
      edges: {
        before: ['2026-02-28T18:00:00.000Z', '2026-03-01T00:00:00.000Z'],
        after: ['2026-03-03T00:00:00.000Z', '2026-03-03T18:00:00.000Z'],
      },
    });
    expect(splitRange('2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z')).toEqual({
      days: { fromDay: '2026-03-01', toDay: '2026-03-02' },
      edges: { before: null, after: null },
    });
    expect(splitRange('2026-02-28T18:00:00.000Z', '2026-03-01T18:00:00.000Z').days).toBeNull();
  });

  it('finds the chunk a row number falls in, from either end', () => {
    const chunks = [dayChunk('2026-03-01', 3), dayChunk('2026-03-02', 0), dayChunk('2026-03-03', 4)];
    expect(locate(chunks, 0, false)).toEqual({ chunk: chunks[0], skip: 0 });
    expect(locate(chunks, 3, false)).toEqual({ chunk: chunks[2], skip: 0 });
    expect(locate(chunks, 5, true)).toEqual({ chunk: chunks[0], skip: 1 });
    expect(locate(chunks, 7, true)).toBeNull();
  });

  it('bounds a page by its first and last chunk, also when it comes up short', () => {
    const chunks = [dayChunk('2026-03-01', 3), dayChunk('2026-03-02', 0), dayChunk('2026-03-03', 4)];
    expect(pageSpan(chunks, 0, 2, true)).toEqual({
      from: '2026-03-03T00:00:00.000Z',
      to: '2026-03-04T00:00:00.000Z',
      skip: 0,
    });
    expect(pageSpan(chunks, 2, 4, true)).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-04T00:00:00.000Z',
      skip: 2,
    });
    expect(pageSpan(chunks, 6, 4, true)).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
      skip: 2,
    });
    expect(pageSpan(chunks, 3, 4, false)).toEqual({
      from: '2026-03-03T00:00:00.000Z',
      to: '2026-03-04T00:00:00.000Z',
      skip: 0,
    });
    expect(pageSpan(chunks, 7, 4, false)).toBeNull();
  });
});

/** Every page, both orders, equals the rows read straight from the table in that order. */
async function checkPaging(
  t: Ctx,
  token: string,
  companyId: number,
  startDate: string,
  endDate: string,
  from: string,
  to: string,
) {
  const account = await t.db
    .selectFrom('agent_accounts as a')
    .innerJoin('users as u', 'u.agent_id', 'a.agent_id')
    .select('a.id')
    .where('u.username', '=', 'pg-user')
    .where('a.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const truth = await t.db
    .selectFrom('ledger_entries')
    .select(['id', 'entry_type', 'amount_minor'])
    .where('account_id', '=', account.id)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const sort of ['dateTime,asc', 'dateTime,desc'] as const) {
    const want = sort === 'dateTime,asc' ? truth : [...truth].reverse();
    const got: string[] = [];
    for (let page = 1; page <= Math.ceil(truth.length / 3) + 1; page += 1) {
      const res = await t.call('POST', '/api/account/searchTransactions', {
        token,
        body: { companyId, startDate, endDate, page, pageSize: 3, sort },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(truth.length);
      expect(res.body.totals.credit).toBe(
        truth.filter((r) => r.entry_type === 'CREDIT').reduce((s, r) => s + r.amount_minor, 0) / 100,
      );
      got.push(...res.body.items.map((r: { transactionId: string }) => r.transactionId));
    }
    expect(got).toEqual(want.map((r) => `TX${String(r.id).padStart(10, '0')}`));
  }
}

for (const zone of ['Asia/Dhaka', 'Asia/Kathmandu', 'UTC']) {
  describe(`transactions paging across days (${zone})`, () => {
    let t: Ctx;
    let u: string;
    beforeAll(async () => {
      t = await sellingContext({ TIME_ZONE: zone });
      u = await makeUser(t, 'pg-user', ['AGENT_VIEW_TRANSACTIONS', 'AGENT_DEPOSIT_REQUEST'], {
        agent: 'AG-1002',
        companies: ['PADMA'],
      });
      // 25 deposits, 5 h 17 min apart: every local and UTC day boundary gets crossed.
      t.clock.set('2026-03-01T01:00:00.000Z');
      for (let i = 1; i <= 25; i += 1) {
        const d = await requestDeposit(t, u, `PG-${zone}-${i}`, i);
        if (i % 4 !== 0) await cli(t, 'deposit', 'approve', d.transactionId);
        t.clock.advanceMinutes(317);
      }
    });
    afterAll(() => t.close());

    it('pages match the table, whole range and partial ranges', async () => {
      const { localDateRange } = await import('../../src/lib/paging');
      for (const [a, b] of [
        ['2026-03-01', '2026-03-31'],
        ['2026-03-02', '2026-03-03'],
        ['2026-03-04', '2026-03-04'],
        ['2026-02-27', '2026-03-01'],
      ] as const) {
        const { from, to } = localDateRange(zone, a, b) as { from: string; to: string };
        await checkPaging(t, u, 1, a, b, from, to);
      }
    });
  });
}

describe('commission paging across days, with the paid filter', () => {
  let t: Ctx;
  let u: string;
  beforeAll(async () => {
    t = await sellingContext({ TIME_ZONE: 'Asia/Kathmandu' });
    u = await makeUser(t, 'pg-com', ['AGENT_VIEW_COMMISSIONS'], { agent: 'AG-1002', companies: ['PADMA'] });
    const agent = await t.db.selectFrom('agents').select('id').where('code', '=', 'AG-1002').executeTakeFirstOrThrow();
    const r = await t.db.selectFrom('reservations').select('id').executeTakeFirst();
    const trip = await t.db
      .selectFrom('trips')
      .select(['id', 'route_id'])
      .where('company_id', '=', 1)
      .executeTakeFirstOrThrow();
    const stops = await t.db
      .selectFrom('trip_stops')
      .select('station_id')
      .where('trip_id', '=', trip.id)
      .orderBy('stop_index')
      .execute();
    const reservationId =
      r?.id ??
      (
        await t.db
          .insertInto('reservations')
          .values({
            pnr: 'PAGECOM001',
            pin_hash: 'x',
            status: 1,
            kind: 'SELL',
            company_id: 1,
            trip_id: trip.id,
            route_id: trip.route_id,
            from_index: 0,
            to_index: 1,
            origin_station_id: stops[0]?.station_id ?? 0,
            destination_station_id: stops[1]?.station_id ?? 0,
            passenger_name: 'P',
            passenger_phone: '+8801700000000',
            passenger_country: 'BD',
            agent_id: agent.id,
            outlet_id: null,
            user_id: null,
            fare_minor: 100,
            coupon_id: null,
            reference_pnr: null,
            expires_at: null,
            passenger_email: null,
            passenger_remarks: null,
            created_at: '2026-03-01T00:00:00.000Z',
            updated_at: '2026-03-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const start = Date.parse('2026-03-01T01:00:00.000Z');
    for (let i = 0; i < 30; i += 1) {
      await t.db
        .insertInto('commissions')
        .values({
          agent_id: agent.id,
          company_id: 1,
          reservation_id: reservationId,
          kind: i % 5 === 0 ? 'REVERSAL' : 'SALE',
          rate_hundredths: 300,
          commission_type: 'PERCENT',
          amount_minor: i % 5 === 0 ? -(i + 1) * 10 : (i + 1) * 10,
          created_at: new Date(start + i * 317 * 60_000).toISOString(),
        })
        .execute();
    }
    t.clock.set('2026-03-04T00:00:00.000Z');
    await t.app.services.commissionRecords.settle('AG-1002', { until: '2026-03-02', employee: 'E' });
  });
  afterAll(() => t.close());

  it('every page, both orders, paid and unpaid, equals the table', async () => {
    const { localDateRange } = await import('../../src/lib/paging');
    const agentId = (
      await t.db.selectFrom('agents').select('id').where('code', '=', 'AG-1002').executeTakeFirstOrThrow()
    ).id;
    for (const [a, b] of [
      ['2026-03-01', '2026-03-31'],
      ['2026-03-02', '2026-03-03'],
    ] as const) {
      const { from, to } = localDateRange('Asia/Kathmandu', a, b) as { from: string; to: string };
      for (const paid of [undefined, true, false]) {
        let q = t.db
          .selectFrom('commissions')
          .select(['id', 'amount_minor', 'paid'])
          .where('agent_id', '=', agentId)
          .where('created_at', '>=', from)
          .where('created_at', '<', to);
        const all = await q.execute();
        if (paid !== undefined) q = q.where('paid', '=', paid ? 1 : 0);
        const truth = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
        const got: number[] = [];
        for (let page = 1; page <= Math.ceil(truth.length / 4) + 1; page += 1) {
          const res = await t.call('POST', '/api/account/commissionList', {
            token: u,
            body: {
              companyId: 1,
              startDate: a,
              endDate: b,
              page,
              pageSize: 4,
              ...(paid === undefined ? {} : { paid }),
            },
          });
          expect(res.body.total).toBe(truth.length);
          expect(res.body.totals).toEqual({
            paid: all.filter((r) => r.paid === 1).reduce((s, r) => s + r.amount_minor, 0) / 100,
            unpaid: all.filter((r) => r.paid === 0).reduce((s, r) => s + r.amount_minor, 0) / 100,
          });
          got.push(
            ...res.body.items.map((r: { amount: number; type: string }) =>
              Math.round((r.type === 'DEBIT' ? -r.amount : r.amount) * 100),
            ),
          );
        }
        expect(got).toEqual(truth.map((r) => r.amount_minor));
      }
    }
  });
});
