/**
 * Issue 13, class 2: migration as a refund loophole, written as an attacker
 * would. A ticket that can no longer be cancelled for money (its coach has
 * left, or it is under the last fine band) must not become one that can, by
 * moving it at no charge to a trip days ahead and cancelling that.
 *
 * The rule: a sold ticket migrates only while it could itself be cancelled
 * under the fine bands at that moment (trip open, boarding ahead, inside a
 * band), else MIGRATION_TIME_EXPIRED, in the quote (validateTripMigration)
 * and in the sale alike. The ticket it becomes never cancels at a smaller
 * fine than the source would have paid at the moment of migration (an open
 * ticket, which cannot be cancelled, passes on "no refund").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agentAt,
  balanceOf,
  boardingOf,
  byPnrAndPin,
  create,
  findTrip,
  migrate as migrateAs,
  passenger,
  seg,
  sell,
  sellingContext,
  ticketOp,
  tripStateSet,
  type Ctx,
  type Ticket,
  type TripRef,
} from '../selling/fixtures';

const START = '2026-01-15T06:00:00.000Z';
const HOUR = 3_600_000;

describe('migration cannot turn a ticket past its cancel cut-off into a refund', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext({ SESSION_MAX_HOURS: '8760' });
  });
  afterAll(() => t.close());
  // Each case moves the clock where it needs it; a session does not survive the clock going back, so each signs in
  // anew.
  beforeEach(async () => {
    agent = await agentAt(t, START);
  });

  const quote = (from: Ticket, to: TripRef, seats: string[]) =>
    t.call('POST', '/api/reservation/validateTripMigration', {
      token: agent,
      body: { pnr: from.pnr, pin: from.pin, ...seg(to), seats },
    });
  const migrate = (from: Ticket, to: TripRef, seats: string[]) => migrateAs(t, agent, from, to, seats);
  const read = async (r: Ticket) => (await byPnrAndPin(t, agent, r)).body;
  /** Cancels the whole reservation at the return amount it shows now; answers the refund. */
  async function cancelAll(r: Ticket): Promise<number> {
    const shown = await read(r);
    const before = await balanceOf(t, agent, shown.companyId);
    const res = await ticketOp(t, agent, { pnr: r.pnr, pin: r.pin, action: 2, returnAmount: shown.returnAmount });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const refund = Math.round(((await balanceOf(t, agent, shown.companyId)) - before) * 100) / 100;
    expect(refund).toBe(shown.returnAmount);
    return refund;
  }

  it('a ticket whose coach has left is refused (quote and sale), charged nothing, still sold', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 1 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10 });
    const sold = await sell(t, agent, from, ['A1']);
    t.clock.set(new Date(boardingOf(from) + 30 * 60_000));
    const q = await quote(sold, to, ['A1']);
    expect(q.status).toBe(422);
    expect(q.body.reason).toBe('MIGRATION_TIME_EXPIRED');
    const balance = await balanceOf(t, agent, to.companyId);
    const moved = await migrate(sold, to, ['A1']);
    expect(moved.status).toBe(422);
    expect(moved.body.reason).toBe('MIGRATION_TIME_EXPIRED');
    expect(await balanceOf(t, agent, to.companyId)).toBe(balance);
    expect((await read(sold)).status).toBe(1);
    // Cancelling it directly is closed too: the two agree.
    expect((await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: 0 })).body.reason).toBe(
      'TRIP_CLOSED_FOR_CANCELLATION',
    );
  });

  it('a ticket of a closed trip is refused, even before its boarding time', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10 });
    const sold = await sell(t, agent, from, ['B1']);
    await tripStateSet(t, from.tripId, 'CLOSED');
    expect((await quote(sold, to, ['B1'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
    expect((await migrate(sold, to, ['B1'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
  });

  it('a ticket under 6 hours to boarding (past the cancel cut-off) is refused, quote and sale alike', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 11 });
    const sold = await sell(t, agent, from, ['A1']);
    t.clock.set(new Date(boardingOf(from) - 5 * HOUR));
    expect((await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, returnAmount: 0 })).body.reason).toBe(
      'RESERVATION_CANCEL_TIME_EXPIRED',
    );
    const q = await quote(sold, to, ['A1']);
    expect(q.status).toBe(422);
    expect(q.body.reason).toBe('MIGRATION_TIME_EXPIRED');
    const moved = await migrate(sold, to, ['A1']);
    expect(moved.status).toBe(422);
    expect(moved.body.reason).toBe('MIGRATION_TIME_EXPIRED');
    expect((await read(sold)).status).toBe(1);
    // One second past the cut-off is past it.
    t.clock.set(new Date(boardingOf(from) - 6 * HOUR + 1000));
    expect((await quote(sold, to, ['A1'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
  });

  it('inside a band the migration goes through, and cancelling what it became pays no more than cancelling the source would have', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 12 });
    const sold = await sell(t, agent, from, ['A1']);
    // 7 hours ahead: the 50% band.
    t.clock.set(new Date(boardingOf(from) - 7 * HOUR));
    const sourceWouldReturn = (await read(sold)).returnAmount;
    expect(sourceWouldReturn).toBe((await read(sold)).totalFare / 2);
    const q = await quote(sold, to, ['A1']);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.charge).toBe(0);
    const moved = await migrate(sold, to, ['A1']);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Nine days ahead would be the 10% band; the moved ticket keeps the source's 50%.
    expect(await cancelAll(moved.body)).toBeLessThanOrEqual(sourceWouldReturn);
    expect((await read(sold)).status).toBe(14);
  });

  it('the exact edge: 6 hours to boarding is still inside the last band', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 11 });
    const sold = await sell(t, agent, from, ['B1']);
    t.clock.set(new Date(boardingOf(from) - 6 * HOUR));
    expect((await quote(sold, to, ['B1'])).status).toBe(200);
    expect((await migrate(sold, to, ['B1'])).status).toBe(200);
  });

  it('migrating twice (a chain) cannot launder the fine band either', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const mid = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 9 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 13 });
    const sold = await sell(t, agent, from, ['C1']);
    // 30 hours ahead: the 25% band.
    t.clock.set(new Date(boardingOf(from) - 30 * HOUR));
    const sourceWouldReturn = (await read(sold)).returnAmount;
    expect(sourceWouldReturn).toBe(Math.round((await read(sold)).totalFare * 75) / 100);
    const first = await migrate(sold, mid, ['C1']);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await read(first.body)).returnAmount).toBeLessThanOrEqual(sourceWouldReturn);
    const second = await migrate(first.body, to, ['C1']);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await cancelAll(second.body)).toBeLessThanOrEqual(sourceWouldReturn);
  });

  it('open ticket to trip: allowed (an open ticket has no trip and no deadline), but the trip ticket refunds no more than the open ticket could (nothing)', async () => {
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 12 });
    const open = await create(t, agent, {
      companyId: to.companyId,
      kind: 'OPEN',
      routeId: to.routeId,
      seatType: 'Standard',
      seatCount: 1,
      originStationId: to.stations[0],
      destinationStationId: to.stations[to.stations.length - 1],
      passenger: passenger(),
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    // An open ticket is not cancellable at all.
    expect(
      (await ticketOp(t, agent, { pnr: open.body.pnr, pin: open.body.pin, action: 2, returnAmount: 0 })).body.reason,
    ).toBe('RESERVATION_NOT_CANCELLABLE');
    const q = await quote(open.body, to, ['B1']);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const moved = await migrate(open.body, to, ['B1']);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await cancelAll(moved.body)).toBe(0);
  });

  it('confirm booking: a booking confirmed under 6 hours cannot then be migrated away', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 13 });
    t.clock.set(new Date(boardingOf(from) - 5 * HOUR));
    const booked = await sell(t, agent, from, ['A1'], { kind: 'BOOK' });
    const confirmed = await ticketOp(t, agent, { pnr: booked.pnr, pin: booked.pin, action: 1 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe(1);
    expect((await quote(booked, to, ['A1'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
    expect((await migrate(booked, to, ['A1'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
  });

  it('partial cancel then migrate: the rest of the ticket is held to the same cut-off and the same fine', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
    const to = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 13 });
    const sold = await sell(t, agent, from, ['A1', 'A2']);
    t.clock.set(new Date(boardingOf(from) - 30 * HOUR));
    const partial = await ticketOp(t, agent, {
      pnr: sold.pnr,
      pin: sold.pin,
      action: 2,
      seats: ['A1'],
      returnAmount: (await read(sold)).returnAmount / 2,
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const restWouldReturn = (await read(sold)).returnAmount;
    // Under the cut-off the rest cannot move ...
    t.clock.set(new Date(boardingOf(from) - 5 * HOUR));
    expect((await quote(sold, to, ['A2'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
    expect((await migrate(sold, to, ['A2'])).body.reason).toBe('MIGRATION_TIME_EXPIRED');
    // ... inside the band it can, at no better fine than the 25% it had.
    t.clock.set(new Date(boardingOf(from) - 30 * HOUR));
    const moved = await migrate(sold, to, ['A2']);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await cancelAll(moved.body)).toBeLessThanOrEqual(restWouldReturn);
  });
});
