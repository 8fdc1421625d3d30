/**
 * The database cannot store what a sale writes, and the counter is told why,
 * never a 500; nothing is saved or charged, and once the database can write
 * again the same request (its Idempotency-Key) sells once.
 * - Out of room (SQLite's SQLITE_FULL: the disk full, or the file at its
 *   size limit; PostgreSQL's disk_full): 507 DATABASE_FULL. The disk is
 *   filled here with SQLite's own size limit (max_page_count): the next page
 *   any write needs is refused exactly as a full disk refuses it.
 * - Out of order (the file read-only, a failing disk, a damaged file): 503
 *   DATABASE_FAULT. Here SQLite's query_only refuses every write with
 *   SQLITE_READONLY, as it refuses one on a disk the system has remounted
 *   read-only after an I/O error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../src/db/database';
import { ENGINE } from '../helpers';
import { balanceOf, create, findTrip, lock, saleBody, sellingContext, type Ctx, type TripRef } from './fixtures';

describe.skipIf(ENGINE !== 'sqlite')('the database cannot store a sale', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a sale answers DATABASE_FULL, saves and charges nothing, and sells once when there is room again', async () => {
    // Seats locked on several trips first (the locks are writes too), to be sold one by one.
    const sales: { trip: TripRef; seat: string }[] = [];
    for (let day = 2; day <= 9; day++) {
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day });
      const seats = ['A1', 'A2', 'B1', 'B2'];
      const locked = await lock(t, agent, trip, seats);
      expect(locked.status, JSON.stringify({ day, body: locked.body })).toBe(200);
      for (const seat of seats) sales.push({ trip, seat });
    }
    const companyId = sales[0]!.trip.companyId;
    const before = await balanceOf(t, agent, companyId);

    const sqlite = sqliteOf(t.db);
    const roomFor = sqlite.pragma('max_page_count', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
    let charged = 0;
    let refused: { trip: TripRef; seat: string; key: string } | null = null;
    try {
      // Sales until one needs a page more than the file may have (a few: a page holds about ten reservations).
      for (const [n, { trip, seat }] of sales.entries()) {
        const key = `full-${n}`;
        const res = await create(t, agent, saleBody(trip, [seat]), { 'idempotency-key': key });
        if (res.status === 200) {
          charged += Number(res.body.totalFare);
          continue;
        }
        expect(res.status, JSON.stringify(res.body)).toBe(507);
        expect(res.body).toMatchObject({ reason: 'DATABASE_FULL' });
        refused = { trip, seat, key };
        break;
      }
      if (!refused) throw new Error('no sale needed a new page');

      // The rest at once: they share group commits, and a group with a unit that finds no room is refused whole, each
      // of its sales with DATABASE_FULL. (Which ones need a page varies from run to run: the PNRs are random, and so
      // is where they go in the PNR index.)
      const rest = sales.slice(sales.findIndex((s) => s.seat === refused?.seat && s.trip === refused.trip) + 1);
      const answers = await Promise.all(
        rest.map(({ trip, seat }, n) => create(t, agent, saleBody(trip, [seat]), { 'idempotency-key': `rest-${n}` })),
      );
      for (const res of answers) {
        if (res.status === 200) charged += Number(res.body.totalFare);
        else expect(res.body, `${res.status}`).toMatchObject({ reason: 'DATABASE_FULL' });
      }
      expect(await balanceOf(t, agent, companyId)).toBeCloseTo(before - charged, 2);
    } finally {
      sqlite.pragma(`max_page_count = ${roomFor}`);
    }

    if (!refused) throw new Error('no sale needed a new page');
    const sold = await create(t, agent, saleBody(refused.trip, [refused.seat]), { 'idempotency-key': refused.key });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await balanceOf(t, agent, companyId)).toBeCloseTo(before - charged - Number(sold.body.totalFare), 2);
  }, 60_000);

  it('a database that cannot be written answers DATABASE_FAULT to a sale and a sign-in, reads go on, and the sale sells once it can write again', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 10 });
    expect((await lock(t, agent, trip, ['C1'])).status).toBe(200);
    const before = await balanceOf(t, agent, trip.companyId);

    const sqlite = sqliteOf(t.db);
    sqlite.pragma('query_only = 1');
    try {
      const refused = await create(t, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'fault-1' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body).toMatchObject({ reason: 'DATABASE_FAULT' });
      // Sending it again in a second does not mend a disk: no Retry-After, so the portal does not resend it by itself.
      expect(refused.headers['retry-after']).toBeUndefined();
      const signIn = await t.call('POST', '/api/login', { body: { username: 'seller', password: 'Seller@123' } });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(503);
      expect(signIn.body).toMatchObject({ reason: 'DATABASE_FAULT' });
      // What is stored can still be read: the balance, untouched.
      expect(await balanceOf(t, agent, trip.companyId)).toBe(before);
    } finally {
      sqlite.pragma('query_only = 0');
    }

    const sold = await create(t, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'fault-1' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await balanceOf(t, agent, trip.companyId)).toBeCloseTo(before - Number(sold.body.totalFare), 2);
  });
});
