/**
 * Issue 32, item 1: a ticket's refund terms are fixed at its first sale and travel with it, written as an attacker
 * would. The fine floor a migration passes on used to be found by walking back along the chain of migrations, a walk
 * capped at 50 hops: migrating a ticket back and forth some 50 times lost it, so an open ticket (no refund) or a
 * ticket sold inside a band came out the other end cancellable at the lowest fine. The terms are now stored on each
 * reservation (reservations.fine_floor_percent, migration 0015) and each migration derives its ticket's floor from its
 * source's row alone; every refund is also held to what its lineage paid and has not had back
 * (reservations.charged_minor).
 *
 * After each case, over the whole lineage (the chain of reference_pnr back to the first sale): the money returned
 * (TICKET_CANCEL_REFUND ledger rows) is at most what was paid in (sale, migration and confirmation charges), and
 * nothing at all when the first sale was an open ticket (its floor 100).
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
  openTicketBody,
  sell,
  sellingContext,
  ticketOp,
  type Ctx,
  type Ticket,
  type TripRef,
} from '../selling/fixtures';

const START = '2026-01-15T06:00:00.000Z';
const HOUR = 3_600_000;
/** More hops than the old walk's cap of 50. */
const HOPS = 52;

describe('refund terms travel with a ticket through any number of migrations', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext({ SESSION_MAX_HOURS: '8760' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    agent = await agentAt(t, START);
  });

  const read = async (r: Ticket) => (await byPnrAndPin(t, agent, r)).body;

  async function migrate(from: Ticket, to: TripRef, seats: string[]) {
    const moved = await migrateAs(t, agent, from, to, seats);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return moved.body as { pnr: string; pin: string; totalFare: number; returnAmount: number };
  }

  /** A script's patience: back and forth between two trips, a minute apart (the PNR rate limit is per minute). */
  async function pingPong(start: Ticket, a: TripRef, b: TripRef, seats: string[]) {
    let current = start;
    for (let hop = 0; hop < HOPS; hop += 1) {
      t.clock.set(new Date(t.clock.now().getTime() + 60_000));
      current = await migrate(current, hop % 2 === 0 ? a : b, seats);
    }
    return current;
  }

  /** Cancels the whole reservation at the return amount it shows; answers the answer and the money that came back. */
  async function cancelAll(r: Ticket) {
    const shown = await read(r);
    const before = await balanceOf(t, agent, shown.companyId);
    const res = await ticketOp(t, agent, { pnr: r.pnr, pin: r.pin, action: 2, returnAmount: shown.returnAmount });
    const refund = Math.round(((await balanceOf(t, agent, shown.companyId)) - before) * 100) / 100;
    return { res, shown, refund };
  }

  /** The lineage of `pnr` back to its first sale (no cap: a test may walk), with what it paid and got back. */
  async function lineageMoney(pnr: string) {
    const pnrs: string[] = [];
    let floor = 0;
    for (let at: string | null = pnr; at;) {
      const row: { reference_pnr: string | null; kind: string } = await t.db
        .selectFrom('reservations')
        .select(['reference_pnr', 'kind'])
        .where('pnr', '=', at)
        .executeTakeFirstOrThrow();
      pnrs.push(at);
      if (!row.reference_pnr) floor = row.kind === 'OPEN' ? 100 : 0;
      at = row.reference_pnr;
    }
    const rows = await t.db
      .selectFrom('ledger_entries')
      .select(['entry_type', 'amount_minor', 'kind'])
      .where('reference', 'in', pnrs)
      .execute();
    const paid = rows.filter((r) => r.entry_type === 'DEBIT').reduce((s, r) => s + r.amount_minor, 0);
    const returned = rows.filter((r) => r.kind === 'TICKET_CANCEL_REFUND').reduce((s, r) => s + r.amount_minor, 0);
    return { hops: pnrs.length - 1, paid, returned, firstSaleFloor: floor };
  }

  /** Returned over the lineage never exceeds what the first sale's terms allow for what was paid. */
  async function expectLineageHolds(pnr: string) {
    const m = await lineageMoney(pnr);
    expect(m.returned, JSON.stringify(m)).toBeLessThanOrEqual(Math.floor((m.paid * (100 - m.firstSaleFloor)) / 100));
    return m;
  }

  it(`an open ticket migrated back and forth ${HOPS} times still refunds nothing`, async () => {
    const a = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10 });
    const b = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 11 });
    const open = await create(t, agent, openTicketBody(a));
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const last = await pingPong(open.body, a, b, ['A1']);
    expect((await lineageMoney(last.pnr)).hops).toBe(HOPS);
    // Ten days ahead is the 10% band; the open ticket's "no refund" must still hold.
    const { res, shown, refund } = await cancelAll(last);
    if (res.status !== 200) expect(res.body.reason).toBe('RESERVATION_NOT_CANCELLABLE');
    await expectLineageHolds(last.pnr);
    expect(shown.returnAmount).toBe(0);
    expect(refund).toBe(0);
  });

  it(`a ticket sold into the 25% band keeps 25% through ${HOPS} migrations to trips days ahead`, async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const a = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10 });
    const b = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 11 });
    const sold = await sell(t, agent, from, ['B2']);
    t.clock.set(new Date(boardingOf(from) - 30 * HOUR));
    const fare = (await read(sold)).totalFare;
    const wouldReturn = (await read(sold)).returnAmount;
    expect(wouldReturn).toBe(Math.round(fare * 75) / 100);
    const last = await pingPong(sold, a, b, ['B2']);
    const { res, refund } = await cancelAll(last);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(refund).toBeLessThanOrEqual(wouldReturn);
    await expectLineageHolds(last.pnr);
  });

  it('partial cancels and migrations to a dearer and a cheaper coach never return more than was paid', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4, coach: 'M-12' });
    const dear = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 12, coach: 'M-12' });
    const cheap = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 13, coach: 'M-11' });
    // Sleeper berths (L..) on M-12, Business seats (A..) on M-11: the names are each layout's own.
    const sold = await sell(t, agent, from, ['L1', 'L2', 'L3']);
    t.clock.set(new Date(boardingOf(from) - 30 * HOUR));
    const partial = await ticketOp(t, agent, {
      pnr: sold.pnr,
      pin: sold.pin,
      action: 2,
      seats: ['L1'],
      returnAmount: (await read(sold)).seats[0].fare * 0.75,
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    // To the cheaper coach (nothing back for the difference), to the dearer one (the difference charged), and back.
    let current = await migrate(sold, cheap, ['A1', 'A2']);
    for (let hop = 0; hop < 6; hop += 1) {
      t.clock.set(new Date(t.clock.now().getTime() + 60_000));
      current =
        hop % 2 === 0 ? await migrate(current, dear, ['L2', 'L3']) : await migrate(current, cheap, ['A1', 'A2']);
    }
    const again = await ticketOp(t, agent, {
      pnr: current.pnr,
      pin: current.pin,
      action: 2,
      seats: ['A2'],
      returnAmount: (await read(current)).returnAmount / 2,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const { res } = await cancelAll(current);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = await expectLineageHolds(current.pnr);
    expect(m.returned).toBeGreaterThan(0);
  });
});

describe('migration 0015 gives the rows it finds the floor the rule gives new ones', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext({ SESSION_MAX_HOURS: '8760' });
    agent = await agentAt(t, START);
  });
  afterAll(() => t.close());

  async function migrate(from: Ticket, to: TripRef, seats: string[]) {
    const moved = await migrateAs(t, agent, from, to, seats);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return moved.body as { pnr: string; pin: string };
  }
  const floors = async () =>
    Object.fromEntries(
      (await t.db.selectFrom('reservations').select(['pnr', 'fine_floor_percent']).orderBy('id').execute()).map((r) => [
        r.pnr,
        Number(r.fine_floor_percent),
      ]),
    );

  it('open-ticket chains 100, a chain from a ticket sold in a band its band, a plain sale 0', async () => {
    const from = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const a = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10 });
    const b = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 11 });
    const open = await create(t, agent, openTicketBody(a));
    expect(open.status).toBe(200);
    await migrate(await migrate(open.body, a, ['A1']), b, ['A1']);
    const sold = await sell(t, agent, from, ['B1']);
    await sell(t, agent, from, ['B2']);
    t.clock.set(new Date(new Date(from.times[0] as string).getTime() - 30 * HOUR));
    await migrate(await migrate(sold, a, ['B1']), b, ['B1']);
    const byTheRule = await floors();
    expect(Object.values(byTheRule).sort((x, y) => x - y)).toEqual([0, 0, 25, 25, 100, 100, 100]);
    // The rows as an older version left them: no floor stored. The migration, run again, finds the same floors.
    const { MIGRATIONS } = await import('../../src/db/migrations');
    const lineageTerms = MIGRATIONS['0015_lineage_terms'];
    if (!lineageTerms?.down) throw new Error('migration 0015 not found');
    await lineageTerms.down(t.db as never);
    await lineageTerms.up(t.db as never);
    expect(await floors()).toEqual(byTheRule);
  });
});
