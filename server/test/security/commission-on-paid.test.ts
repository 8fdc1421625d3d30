/**
 * Issue #32, item 10, written as an insider with a coupon would try it:
 * commission is a share of what was paid. A sale under a 100 % coupon paid
 * nothing, so it earns nothing, whether the agent's rule is a percent or a
 * fixed amount per seat; a company set to GROSS pays on the fare before the
 * discount, as before. A partial cancel reverses exactly the cancelled seat's
 * share, and the unpaid commission always equals that of the seats still sold
 * (commissionGaps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byPnrAndPin,
  findTrip,
  runOperator,
  seg,
  sell,
  sellingContext,
  ticketOp,
  type Ctx,
  type TripRef,
} from '../selling/fixtures';
import { commissionGaps } from '../selling/invariants';

const FREE = 'FREE100';

describe('commission is on the fare after discount', () => {
  let t: Ctx;
  let agent: string;
  let agentId: number;
  let phone = 0;
  /** A fresh passenger for each sale: the seeded PCT10 is once per phone. */
  const nextPhone = () => `+88019000${String(++phone).padStart(5, '0')}`;

  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    agentId = (
      await t.db.selectFrom('users').select('agent_id').where('username', '=', 'agent').executeTakeFirstOrThrow()
    ).agent_id;
    // The operator's 100 % coupon, on every company (what an insider would ask a friendly operator for).
    const companies = await t.db.selectFrom('companies').select('id').execute();
    for (const c of companies)
      await t.db
        .insertInto('coupons')
        .values({
          company_id: c.id,
          code: FREE,
          coupon_type: 'PERCENT',
          value_hundredths: 10_000,
          route_id: null,
          valid_from: '2026-01-01T00:00:00.000Z',
          valid_until: '2027-01-01T00:00:00.000Z',
          per_phone_limit: null,
        })
        .execute();
  });
  afterAll(() => t.close());

  /** The first `n` free seats of a trip, from its seat map (layouts differ by coach). */
  const freeSeats = async (trip: TripRef, n: number): Promise<string[]> => {
    const res = await t.call('POST', '/api/trip/details', { token: agent, body: seg(trip) });
    const seats: { name: string; status: number }[] = res.body.decks.flatMap(
      (d: { cells: { seat?: { name: string; status: number } }[] }) => d.cells.flatMap((c) => (c.seat ? [c.seat] : [])),
    );
    return seats
      .filter((s) => s.status === 0)
      .slice(0, n)
      .map((s) => s.name);
  };

  /** The agent's rule on the trip's route, as seeded (PERCENT in hundredths of a percent, FIXED in paisa). */
  const ruleOf = async (trip: TripRef) =>
    t.db
      .selectFrom('agent_route_commissions')
      .select(['commission_type', 'value_hundredths'])
      .where('agent_id', '=', agentId)
      .where('route_id', '=', trip.routeId)
      .executeTakeFirstOrThrow();

  /** The commission rows of a sale (its SALE credit and any reversal), and its seats' fares and discounts. */
  const commissionOf = async (pnr: string) => {
    const r = await t.db.selectFrom('reservations').select('id').where('pnr', '=', pnr).executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('commissions')
      .select(['kind', 'amount_minor'])
      .where('reservation_id', '=', r.id)
      .orderBy('id')
      .execute();
    const seats = await t.db
      .selectFrom('reservation_seats')
      .select(['seat_name', 'fare_minor', 'discount_minor', 'commission_minor'])
      .where('reservation_id', '=', r.id)
      .orderBy('seat_name')
      .execute();
    return { total: rows.reduce((sum, x) => sum + x.amount_minor, 0), rows, seats };
  };

  it('NET (the default): a 100 % coupon sale earns 0, under a percent rule and under a fixed-per-seat rule', async () => {
    const percent = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const fixed = await findTrip(t, { company: 'MEGHNA', route: 'DHK-SYL', day: 3 });
    expect((await ruleOf(percent)).commission_type).toBe('PERCENT');
    expect((await ruleOf(fixed)).commission_type).toBe('FIXED');
    for (const trip of [percent, fixed]) {
      const sale = await sell(t, agent, trip, await freeSeats(trip, 2), { couponCode: FREE, phone: nextPhone() });
      expect(sale.totalFare).toBe(0);
      const c = await commissionOf(sale.pnr);
      expect(c.seats.every((s) => s.fare_minor > 0 && s.discount_minor === s.fare_minor)).toBe(true);
      expect(c.total).toBe(0);
      expect(c.seats.map((s) => s.commission_minor)).toEqual([0, 0]);
    }
    expect(await commissionGaps(t.db)).toEqual([]);
  });

  it('NET: a part-discounted sale earns the share of the net fare, and a partial cancel reverses that seat’s share', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const rule = await ruleOf(trip);
    const [a, b] = await freeSeats(trip, 2);
    const sale = await sell(t, agent, trip, [a!, b!], { couponCode: 'PCT10', phone: nextPhone() });
    const before = await commissionOf(sale.pnr);
    const net = (s: { fare_minor: number; discount_minor: number }) => s.fare_minor - s.discount_minor;
    for (const s of before.seats) {
      expect(s.discount_minor).toBeGreaterThan(0);
      expect(s.commission_minor).toBe(Math.round((net(s) * rule.value_hundredths) / 10_000));
    }
    const shown = await byPnrAndPin(t, agent, sale);
    const cancelled = await ticketOp(t, agent, {
      pnr: sale.pnr,
      pin: sale.pin,
      action: 2,
      seats: [a],
      returnAmount: shown.body.returnAmount / 2,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await commissionOf(sale.pnr);
    expect(after.total).toBe(before.seats.find((s) => s.seat_name === b)!.commission_minor);
    expect(await commissionGaps(t.db)).toEqual([]);
  });

  it('GROSS (a company’s choice): the same 100 % coupon sale earns the full commission on the fare', async () => {
    const percent = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 3 });
    const fixed = await findTrip(t, { company: 'PADMA', route: 'DHK-COX', day: 3 });
    // The operator's choice for the company (before its first sale here: rules are cached for 10 s).
    const set = await runOperator(t, 'commissions', 'basis', 'padma', 'gross');
    expect(set).toMatchObject({ code: 0, out: ['company PADMA: commission on the GROSS fare (before discount)'] });
    expect((await runOperator(t, 'commissions', 'basis', 'padma', 'cheap')).code).toBe(2);
    expect((await runOperator(t, 'commissions', 'basis', 'nowhere', 'net')).code).toBe(1);
    for (const trip of [percent, fixed]) {
      const rule = await ruleOf(trip);
      const sale = await sell(t, agent, trip, await freeSeats(trip, 1), { couponCode: FREE, phone: nextPhone() });
      const c = await commissionOf(sale.pnr);
      const fare = c.seats[0]!.fare_minor;
      expect(c.seats[0]!.discount_minor).toBe(fare);
      expect(c.total, rule.commission_type).toBe(
        rule.commission_type === 'FIXED'
          ? Math.min(rule.value_hundredths, fare)
          : Math.round((fare * rule.value_hundredths) / 10_000),
      );
      expect(c.total).toBeGreaterThan(0);
    }
    expect(await commissionGaps(t.db)).toEqual([]);
  });
});
