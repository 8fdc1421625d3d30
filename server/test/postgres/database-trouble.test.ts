/**
 * On PostgreSQL a unit's row locks are held by a connection, and another
 * server process, an administrator's psql or a leaked connection can hold one
 * as long as it likes. No counter may wait on that for ever: a sale waits at
 * most DATABASE_LOCK_TIMEOUT_SECONDS for a lock or a connection, then answers
 * 503 DATABASE_BUSY having saved nothing; a unit that sends nothing for
 * DATABASE_IDLE_IN_TRANSACTION_SECONDS (its process frozen, cut off or killed
 * mid-sale) is ended by the database, which frees its locks. A database the
 * server cannot use at all (out of reach, taking no writes after a failover,
 * refusing the server's role) answers 503 DATABASE_UNAVAILABLE, never a 500,
 * and takes the process out of the load balancer's rotation until it can.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/db/database';
import { databaseTroubleOf } from '../../src/db/database-trouble';
import { runUnit } from '../../src/db/units';
import { ENGINE, databaseUrlOf } from '../helpers';
import { anotherProcess } from './another-process';
import { balanceOf, create, findTrip, lock, saleBody, seg, sellingContext, type Ctx } from '../selling/fixtures';

// The frozen unit is ended at 1 s, 2 s before a sale queued behind it would give up: room for a loaded machine.
const LIMITS = { DATABASE_LOCK_TIMEOUT_SECONDS: '3', DATABASE_IDLE_IN_TRANSACTION_SECONDS: '1' };

/** The answer of `call`, or 'still waiting' when it has none after `ms` (the stall this file is about). */
async function within<T>(ms: number, call: Promise<T>): Promise<T | 'still waiting'> {
  return Promise.race([call, sleep(ms).then(() => 'still waiting' as const)]);
}

async function reservationsOnSeat(t: Ctx, tripId: number, seat: string): Promise<number> {
  const rows = await t.db
    .selectFrom('reservation_seats as s')
    .innerJoin('reservations as r', 'r.id', 's.reservation_id')
    .select('r.id')
    .where('r.trip_id', '=', tripId)
    .where('s.seat_name', '=', seat)
    .execute();
  return rows.length;
}

describe.skipIf(ENGINE !== 'postgres')('a stalled unit on PostgreSQL stalls no counter', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext(LIMITS);
    agent = await t.login('agent');
  });
  afterAll(async () => {
    await t.close();
  });

  it("a transaction left open on a trip's row (an administrator's psql): the sale answers DATABASE_BUSY, saves nothing, and goes through once the lock is gone", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);
    const balance = await balanceOf(t, agent, trip.companyId);

    // Not one of the server's connections: none of its limits apply to this session.
    const admin = new pg.Client({ connectionString: databaseUrlOf(t.config) });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('update trips set id = id where id = $1', [trip.tripId]);

      const started = Date.now();
      const refused = await within(8_000, create(t, agent, saleBody(trip, ['A1']), { 'idempotency-key': 'stalled-1' }));
      expect(refused, 'the sale waited on the lock for ever').not.toBe('still waiting');
      if (refused === 'still waiting') return;
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ reason: 'DATABASE_BUSY' });
      expect(refused.headers['retry-after']).toBe('1');
      expect(await balanceOf(t, agent, trip.companyId)).toBe(balance);
      expect(await reservationsOnSeat(t, trip.tripId, 'A1')).toBe(0);
    } finally {
      await admin.query('rollback');
      await admin.end();
    }

    // Nothing was stored under the key: the same request sent again is sold, once, on the seat lock still held.
    const sold = await create(t, agent, saleBody(trip, ['A1']), { 'idempotency-key': 'stalled-1' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await reservationsOnSeat(t, trip.tripId, 'A1')).toBe(1);
    expect(await balanceOf(t, agent, trip.companyId)).toBeLessThan(balance);
  });

  it("a server process frozen mid-sale (its unit holds the trip's row and sends nothing): the database ends it, and the other counters sell on", async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    expect((await lock(t, agent, trip, ['B1'])).status).toBe(200);

    // Another server process on the same database, with the same settings: its unit takes the trip's row, then freezes.
    const otherProcess = openDatabase(t.config.database);
    let thaw = () => undefined as void;
    const frozen = new Promise<void>((resolve) => (thaw = resolve));
    let locked = () => undefined as void;
    const tripLocked = new Promise<void>((resolve) => (locked = resolve));
    const frozenUnit = runUnit(otherProcess, async (uow) => {
      await uow.lockRow('trips', trip.tripId);
      locked();
      await frozen;
      await uow.lockRow('trips', trip.tripId);
      return 'committed';
    });
    const frozenOutcome = frozenUnit.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    try {
      await tripLocked;
      const sold = await within(8_000, create(t, agent, saleBody(trip, ['B1'])));
      expect(sold, 'the sale waited for the frozen process for ever').not.toBe('still waiting');
      if (sold === 'still waiting') return;
      // 200, not DATABASE_BUSY: the lock was freed (at 1 s) before the sale's wait ran out (at 3 s).
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);

      // Thawed, the frozen process learns its unit is gone (rolled back, nothing of it stored) and serves on.
      thaw();
      const outcome = await frozenOutcome;
      expect('error' in outcome && databaseTroubleOf(outcome.error)).toBe('DATABASE_UNAVAILABLE');
      expect(await reservationsOnSeat(t, trip.tripId, 'B1')).toBe(1);
      const again = await runUnit(otherProcess, async (uow) => {
        await uow.lockRow('trips', trip.tripId);
        return 'served';
      });
      expect(again).toBe('served');
    } finally {
      thaw();
      await frozenOutcome;
      await closeDatabase(otherProcess);
    }
  });
});

describe.skipIf(ENGINE !== 'postgres')(
  "a request waiting for a PostgreSQL connection (every one of the pool's taken)",
  () => {
    let t: Ctx;
    let agent: string;
    beforeAll(async () => {
      t = await sellingContext({ ...LIMITS, DATABASE_POOL_SIZE: '1' });
      agent = await t.login('agent');
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers DATABASE_BUSY after the lock timeout instead of waiting for ever, and the next is served once one is free', async () => {
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let taken = () => undefined as void;
      const connectionTaken = new Promise<void>((resolve) => (taken = resolve));
      // The pool's one connection, taken by a unit that does not end (a leak, or a long job on a small pool).
      const hog = runUnit(t.db, async () => {
        taken();
        await held;
      }).catch(() => undefined);
      try {
        await connectionTaken;
        const started = Date.now();
        const refused = await within(8_000, lock(t, agent, trip, ['C1']));
        expect(refused, 'the request waited for a connection for ever').not.toBe('still waiting');
        if (refused === 'still waiting') return;
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ reason: 'DATABASE_BUSY' });
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      } finally {
        release();
        await hog;
      }
      expect((await lock(t, agent, trip, ['C1'])).status).toBe(200);
    });
  },
);

/** A TCP relay to the database that the test can cut, like a cable, and mend on the same port. */
class Cable {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async mend(): Promise<void> {
    const server = createServer((near) => {
      const far = connect(this.target.port, this.target.host);
      for (const socket of [near, far]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => (socket === near ? far : near).destroy());
      }
      near.pipe(far).pipe(near);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.skipIf(ENGINE !== 'postgres')('the database out of reach (a restart, a failover, a cut cable)', () => {
  it('answers DATABASE_UNAVAILABLE, never a 500, and serves again as soon as the database is back', async () => {
    const t = await sellingContext(LIMITS);
    const direct = new URL(databaseUrlOf(t.config));
    const cable = new Cable({ host: direct.hostname, port: Number(direct.port) });
    await cable.mend();
    const viaCable = new URL(direct);
    viaCable.port = String(cable.port);
    // A second server process whose only road to the database is the cable.
    const { app, db, probe } = await anotherProcess(t, viaCable);
    try {
      const agent = await t.login('agent');
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
      const seatLock = () =>
        app.inject({
          method: 'POST',
          url: '/api/reservation/seatLock',
          headers: { authorization: `Bearer ${agent}` },
          payload: { ...seg(trip), lock: ['D1'] },
        });
      expect((await seatLock()).statusCode).toBe(200);
      expect(await probe('/api/ready')).toEqual({ status: 200, reason: null });

      await cable.cut();
      const refused = await seatLock();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ reason: 'DATABASE_UNAVAILABLE' });
      expect(refused.headers['retry-after']).toBe('1');
      // The load balancer's probe takes this process out of the rotation; its liveness stays up.
      expect(await probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
      expect(await probe('/api/health')).toEqual({ status: 200, reason: null });

      await cable.mend();
      expect((await seatLock()).statusCode).toBe(200);
      expect(await probe('/api/ready')).toEqual({ status: 200, reason: null });
    } finally {
      await app.close();
      await cable.cut();
      await closeDatabase(db);
      await t.close();
    }
  });
});

describe.skipIf(ENGINE !== 'postgres')('the database takes no writes (a standby during a failover)', () => {
  let t: Ctx;
  let agent: string;
  let admin: pg.Client;
  let name: string;
  beforeAll(async () => {
    // One connection per process: the connection made read-only below is the one the next request takes.
    t = await sellingContext({ ...LIMITS, DATABASE_POOL_SIZE: '1' });
    agent = await t.login('agent');
    // Not one of the server's connections: it keeps taking writes whatever the database's default becomes.
    admin = new pg.Client({ connectionString: databaseUrlOf(t.config) });
    await admin.connect();
    name = (await admin.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
  });
  afterAll(async () => {
    await admin.query(`alter database "${name}" reset default_transaction_read_only`);
    await admin.end();
    await t.close();
  });

  it('after a failover to a database that takes no writes: DATABASE_UNAVAILABLE, reads too, never a 500, and the sale sells once writes are back', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7 });
    expect((await lock(t, agent, trip, ['A2'])).status).toBe(200);
    const balance = await balanceOf(t, agent, trip.companyId);

    // A failover ends every connection of the server's processes; the ones they open next reach a database that takes
    // no writes, as a standby does, or the old primary that a writer endpoint's name still leads to. Here: a process
    // whose connections are all opened after the database stopped taking writes.
    await admin.query(`alter database "${name}" set default_transaction_read_only = on`);
    const other = await anotherProcess(t, new URL(databaseUrlOf(t.config)));
    const sell = () =>
      other.app.inject({
        method: 'POST',
        url: '/api/reservation/createReservation',
        headers: { authorization: `Bearer ${agent}`, 'idempotency-key': 'read-only-1' },
        payload: saleBody(trip, ['A2']),
      });
    try {
      const refused = await sell();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ reason: 'DATABASE_UNAVAILABLE' });
      expect(refused.headers['retry-after']).toBe('1');
      // The server sends no query to a replica: the process is cut off from its primary, and leaves the rotation.
      expect(await other.probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
      expect(await other.probe('/api/health')).toEqual({ status: 200, reason: null });

      // The primary takes writes again: the connections that reached the read-only database were not kept, and the
      // same request sells, once.
      await admin.query(`alter database "${name}" reset default_transaction_read_only`);
      expect(await other.probe('/api/ready')).toEqual({ status: 200, reason: null });
      const sold = await sell();
      expect(sold.statusCode, sold.body).toBe(200);
      expect(await reservationsOnSeat(t, trip.tripId, 'A2')).toBe(1);
      const fare = Number((sold.json() as { totalFare: number }).totalFare);
      expect(await balanceOf(t, agent, trip.companyId)).toBeCloseTo(balance - fare, 2);
    } finally {
      await other.app.close();
      await closeDatabase(other.db);
    }
  });

  it('a pooled connection that stops taking writes (the default changed under it by a reload) is dropped at its first refusal', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 8 });
    expect((await lock(t, agent, trip, ['B2'])).status).toBe(200);
    const balance = await balanceOf(t, agent, trip.companyId);

    // As a managed service does when its storage runs low (default_transaction_read_only, reloaded): here on the
    // process's one connection.
    await sql`set default_transaction_read_only = on`.execute(t.db);
    const refused = await create(t, agent, saleBody(trip, ['B2']), { 'idempotency-key': 'read-only-2' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body).toMatchObject({ reason: 'DATABASE_UNAVAILABLE' });

    const sold = await create(t, agent, saleBody(trip, ['B2']), { 'idempotency-key': 'read-only-2' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await reservationsOnSeat(t, trip.tripId, 'B2')).toBe(1);
    expect(await balanceOf(t, agent, trip.companyId)).toBeCloseTo(balance - Number(sold.body.totalFare), 2);
  });
});

describe.skipIf(ENGINE !== 'postgres')(
  "the database refuses the server's role (its password rotated, its login revoked)",
  () => {
    it('answers DATABASE_UNAVAILABLE, never a 500, leaves the rotation, and serves again once the role may sign in', async () => {
      const t = await sellingContext(LIMITS);
      const admin = new pg.Client({ connectionString: databaseUrlOf(t.config) });
      await admin.connect();
      // Roles belong to the whole cluster, which other test files share: a name of this run's own.
      const role = `rotated_${process.pid}_${Date.now()}`;
      await admin.query(`create role ${role} nologin`);
      await admin.query(`grant usage on schema public to ${role}`);
      await admin.query(`grant select on all tables in schema public to ${role}`);
      const asRole = new URL(databaseUrlOf(t.config));
      asRole.username = role;
      asRole.password = '';
      // A process signing in as that role, whose login is revoked: every connection it opens is refused at sign-in.
      const other = await anotherProcess(t, asRole);
      try {
        expect(await other.probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
        await admin.query(`alter role ${role} login`);
        expect(await other.probe('/api/ready')).toEqual({ status: 200, reason: null });
      } finally {
        await other.app.close();
        await closeDatabase(other.db);
        await admin.query(`drop owned by ${role}`);
        await admin.query(`drop role ${role}`);
        await admin.end();
        await t.close();
      }
    });
  },
);
