/**
 * A company's database administrator runs the server as a role that may only
 * read and write rows, once the database's owner has migrated it: the
 * least privilege server/OPERATIONS.md gives (`GRANT USAGE ON SCHEMA public`,
 * `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public`),
 * nothing on sequences, no ownership. Every call of the portal, the
 * periodic sweeps and the operator's commands must run under it; only the
 * two that remake the schema (migrations and reset-demo) need the owner, and
 * reset-demo says so in one line instead of failing half-way.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK } from '../../src/cli';
import { migrateToLatest } from '../../src/db/database';
import { createServices } from '../../src/services';
import { databaseUrlOf, ENGINE } from '../helpers';
import { everyEndpoint, sendAs, validRequests } from '../security/contract-requests';
import {
  balanceOf,
  create,
  findTrip,
  lock,
  runOperator,
  saleBody,
  sell,
  sellingContext,
  type Ctx,
} from '../selling/fixtures';
import { anotherProcess } from './another-process';
import { runStatements, signedInAs } from './cluster';

/** server/OPERATIONS.md's grants, run by the database's owner once it has migrated: rows now, and in tables to come. */
const ownerGrants = (role: string) => [
  `grant usage on schema public to ${role}`,
  `grant select, insert, update, delete on all tables in schema public to ${role}`,
  `alter default privileges in schema public grant select, insert, update, delete on tables to ${role}`,
];

describe.skipIf(ENGINE !== 'postgres')('a server role that may only read and write rows', () => {
  const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? '';
  const role = `rows_${randomBytes(6).toString('hex')}`;
  let t: Ctx;
  let rowsOnly: Awaited<ReturnType<typeof anotherProcess>>;

  beforeAll(async () => {
    t = await sellingContext();
    await runStatements(admin, `create role ${role} login`);
    // What server/OPERATIONS.md tells the owner to grant, and nothing else.
    await runStatements(databaseUrlOf(t.config), ...ownerGrants(role));
    rowsOnly = await anotherProcess(t, new URL(signedInAs(databaseUrlOf(t.config), role)));
  });

  afterAll(async () => {
    await rowsOnly?.close();
    await t?.close();
    await runStatements(admin, `drop role if exists ${role}`);
  });

  it('answers every call of the portal without a 5xx, and sells', async () => {
    const r = rowsOnly.ctx;
    const token = await r.login('agent');
    const trip = await findTrip(r, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    await sell(r, token, trip, ['A1', 'A2']);
    await sell(r, token, trip, ['A3'], { kind: 'BOOK' });

    // Sells a seat on the way (validRequests needs a PNR). The calls run in the contract's order, a sign-out among
    // them: nothing is asked of this session after them.
    const bases = await validRequests(r, token);
    const failures: string[] = [];
    for (const { key, endpoint } of everyEndpoint()) {
      const res = await sendAs(r, endpoint.auth === 'public' ? undefined : token)(endpoint, bases[key] ?? {});
      if (res.status >= 500) failures.push(`${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('runs the booking sweep and the retention job', async () => {
    const services = createServices({ config: t.config, db: rowsOnly.db, clock: t.clock });
    t.clock.advance(3 * 24 * 3600_000);
    expect(await services.bookingExpiry.expire()).toBeGreaterThanOrEqual(1);
    await expect(services.retention.purge()).resolves.toBeDefined();
  });

  it("runs the operator's commands; reset-demo and migrations alone need the owner", async () => {
    const r = rowsOnly.ctx;
    const cli = (...argv: string[]) => runOperator(r, ...argv);
    const trip = await findTrip(r, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    for (const argv of [
      ['users'],
      ['devices'],
      ['outbox', '--last', '3'],
      ['retention'],
      ['maintenance', 'on', '--message', 'stock count'],
      ['maintenance', 'status'],
      ['maintenance', 'off'],
      ['trips', '--date', '2026-01-19'],
      ['trip', 'close', String(trip.tripId)],
      ['trip', 'open', String(trip.tripId)],
      ['trip', 'add', 'PADMA', 'DHK-CTG', '--in', '3h', '--coach', 'P-201'],
      ['seat', 'admin-book', String(trip.tripId), 'B1'],
      ['seat', 'link', String(trip.tripId), 'B2'],
      ['delayed-cancels', '--status', 'ALL'],
      ['deposits'],
      ['commissions', 'settle', 'agent'],
      ['sessions', 'end', 'seller'],
      ['user', 'deactivate', 'expiring'],
      ['user', 'activate', 'expiring'],
      ['seed'],
    ]) {
      const { code, err } = await cli(...argv);
      expect({ argv, code, errors: err.filter((line) => line.startsWith('error')) }).toEqual({
        argv,
        code: EXIT_OK,
        errors: [],
      });
    }

    // Nothing left to migrate: the role is asked nothing more.
    expect(await migrateToLatest(rowsOnly.db)).toEqual([]);
    expect((await cli('migrate')).out).toEqual(['database up to date: no migration to apply']);
    // Wiping the schema is the owner's: one line that says so, and every row still there.
    const reset = await cli('reset-demo');
    expect(reset.code).toBe(EXIT_FAILED);
    expect(reset.err).toEqual([
      expect.stringMatching(/^error: wiping the database .* only the database's owner may do/),
    ]);
    expect((await cli('users')).out.length).toBeGreaterThan(1);
  });

  it('a table it may no longer write (a grant revoked, or forgotten for a new table): 503 DATABASE_UNAVAILABLE, nothing written; granted again, the same request sells once', async () => {
    const r = rowsOnly.ctx;
    const agent = await r.login('agent');
    const trip = await findTrip(r, { company: 'MEGHNA', route: 'DHK-CTG', day: 9 });
    expect((await lock(r, agent, trip, ['C1'])).status).toBe(200);
    const balance = await balanceOf(r, agent, trip.companyId);
    const reservations = await r.db.selectFrom('reservations').select(r.db.fn.countAll().as('n')).executeTakeFirst();

    // The commission row is one of the last a sale writes: the reservation, its seats and the charge are in by then.
    await runStatements(databaseUrlOf(t.config), `revoke insert on commissions from ${role}`);
    try {
      const refused = await create(r, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'revoked-1' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body).toMatchObject({ reason: 'DATABASE_UNAVAILABLE' });
    } finally {
      await runStatements(databaseUrlOf(t.config), `grant insert on commissions to ${role}`);
    }
    expect(await balanceOf(r, agent, trip.companyId)).toBe(balance);
    expect(await r.db.selectFrom('reservations').select(r.db.fn.countAll().as('n')).executeTakeFirst()).toEqual(
      reservations,
    );

    const sold = await create(r, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'revoked-1' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((await create(r, agent, saleBody(trip, ['C1']), { 'idempotency-key': 'revoked-1' })).body).toEqual(
      sold.body,
    );
    expect(await balanceOf(r, agent, trip.companyId)).toBeCloseTo(balance - Number(sold.body.totalFare), 2);
  });

  it("reads and writes the tables a later version's migration makes, with no grant of their own", async () => {
    // As a migration run by the owner (`npm run operator -- migrate`) would make it.
    await runStatements(
      databaseUrlOf(t.config),
      'create table later_version (id bigint generated always as identity primary key, note text)',
    );
    await runStatements(
      databaseUrlOf(rowsOnly.ctx.config),
      "insert into later_version (note) values ('written by the server')",
    );
    const rows = await rowsOnly.db
      .selectFrom('later_version' as never)
      .selectAll()
      .execute();
    expect(rows).toEqual([{ id: 1, note: 'written by the server' }]);
  });
});
