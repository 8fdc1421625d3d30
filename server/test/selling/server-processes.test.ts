import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../bench/server-process';
import { databaseUrlOf, ENGINE, testEnv } from '../helpers';
import { balanceOf, findTrip, makeUser, passenger, seg, sellingContext, type Ctx, type TripRef } from './fixtures';
import { doubleHeldSeats, ledgerBreaks } from './invariants';

const PROCESSES = 3;
const SELLERS = 12;
/** One race per trip: each round the sellers fight over a fresh coach. */
const ROUNDS = 3;
/**
 * The seats of coach M-21, a ring the sellers fight over: seller k wants seats k and k+1 (of the round), three sellers
 * per seat.
 */
const RING = ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4'];

/** A real server process on the test's database, its clock at the test context's. */
function startServer(t: Ctx): Promise<ServerProcess> {
  return startServerProcess(
    testEnv(t.dir, {
      DATABASE_URL: databaseUrlOf(t.config),
      FIXED_NOW: t.clock.now().toISOString(),
      BOOKING_SWEEP_SECONDS: '0',
      SESSION_IDLE_HOURS: '8760',
      REPORT_WORKERS: '0',
    }),
  );
}

async function post(
  base: string,
  token: string,
  url: string,
  body: unknown,
): Promise<{ status: number; body: { reason?: string; pnr?: string } }> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { reason?: string; pnr?: string } };
}

/**
 * Several server processes on one database, as a company behind a load
 * balancer runs them: sellers on different processes fight over the same
 * seats of one trip at the same moment. Whatever the interleaving, a seat is
 * sold once, every sale is charged once, and every refusal is a clear
 * SEAT_UNAVAILABLE, never a 500. On SQLite the processes queue for the
 * file's write lock; on PostgreSQL their units run side by side and
 * serializable transactions (db/units.ts) keep the outcome one-at-a-time.
 */
describe(`${PROCESSES} server processes on one ${ENGINE} database`, () => {
  let t: Ctx;
  let servers: ServerProcess[] = [];
  let trips: TripRef[];
  let sellers: string[];

  beforeAll(async () => {
    t = await sellingContext();
    trips = [];
    for (let round = 0; round < ROUNDS; round++)
      trips.push(await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 + round, coach: 'M-21' }));
    sellers = [];
    for (let k = 0; k < SELLERS; k++) sellers.push(await makeUser(t, `racer${k}`, ['AGENT_CREATE_RESERVATION']));
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(t)));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill();
    await t.close();
  });

  it('sells every seat once and charges every sale once, with no 500', async () => {
    const agent = await t.login('agent');
    const companyId = (trips[0] as TripRef).companyId;
    const before = await balanceOf(t, agent, companyId);
    const outcomes: { status: number; reason?: string }[] = [];
    const sold: string[] = [];
    for (const [round, trip] of trips.entries()) {
      await Promise.all(
        sellers.map(async (token, k) => {
          const base = (servers[k % PROCESSES] as { base: string }).base;
          const seats = [RING[(k + round) % RING.length], RING[(k + round + 1) % RING.length]] as string[];
          const key = (seat: string) => `${trip.tripId}/${seat}`;
          const locked = await post(base, token, '/api/reservation/seatLock', { ...seg(trip), lock: seats });
          outcomes.push({ status: locked.status, ...(locked.body.reason ? { reason: locked.body.reason } : {}) });
          if (locked.status !== 200) return;
          const sale = await post(base, token, '/api/reservation/createReservation', {
            companyId: trip.companyId,
            kind: 'SELL',
            ...seg(trip),
            seats,
            passenger: passenger(),
          });
          outcomes.push({ status: sale.status, ...(sale.body.reason ? { reason: sale.body.reason } : {}) });
          if (sale.status === 200) sold.push(...seats.map(key));
        }),
      );
    }
    // Every answer is a sale or a seat someone else holds; nothing failed on the server.
    expect(outcomes.filter((o) => o.status !== 200 && o.reason !== 'SEAT_UNAVAILABLE')).toEqual([]);
    // The race was real: sellers met, some won, some were refused.
    expect(sold.length).toBeGreaterThan(0);
    expect(outcomes.some((o) => o.reason === 'SEAT_UNAVAILABLE')).toBe(true);
    // A seat sold once: by the answers, and by the database.
    expect(new Set(sold).size).toBe(sold.length);
    expect(await doubleHeldSeats(t.db)).toBe(0);
    const tripIds = trips.map((trip) => trip.tripId);
    const active = await t.db
      .selectFrom('reservation_seats')
      .select(['trip_id', 'seat_name'])
      .where('trip_id', 'in', tripIds)
      .where('active', '=', 1)
      .execute();
    expect(active.map((s) => `${s.trip_id}/${s.seat_name}`).sort()).toEqual([...sold].sort());
    // Every sale charged once: the ledger runs unbroken and the balance fell by exactly the sales' charges.
    expect(await ledgerBreaks(t)).toEqual([]);
    const charged = await t.db
      .selectFrom('reservations')
      .select((eb) => eb.fn.sum<number>('charged_minor').as('minor'))
      .where('trip_id', 'in', tripIds)
      .executeTakeFirstOrThrow();
    expect(Math.round((before - (await balanceOf(t, agent, companyId))) * 100)).toBe(Number(charged.minor));
  }, 180_000);
});
