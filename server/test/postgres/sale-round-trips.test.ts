/**
 * On PostgreSQL a sale's cost is its round trips: each statement is a socket
 * write and a wait, one after the other, while the unit holds its row locks
 * (server/bench/README.md, "PostgreSQL"). This holds the sale's unit to the
 * statements its rules need, so a change that quietly adds one (or stops
 * batching the writes nothing reads back) is seen here, not in a benchmark.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../helpers';
import { create, findTrip, lock, passenger, seg, sellingContext, type Ctx } from '../selling/fixtures';

/** Every statement a pooled connection sends, in order, with the connection that sent it. */
const sent: { client: unknown; text: string }[] = [];
const realQuery = pg.Client.prototype.query;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  return typeof query === 'object' && query !== null && 'text' in query ? String(query.text) : '';
}

/** The statements of the one transaction in `statements`, from its BEGIN to its COMMIT, on its own connection. */
function unitOf(statements: typeof sent): string[] {
  const begin = statements.findIndex((s) => /^start transaction|^begin/i.test(s.text));
  expect(begin, 'the request ran a transaction').toBeGreaterThanOrEqual(0);
  const client = statements[begin]!.client;
  const own = statements.slice(begin).filter((s) => s.client === client);
  const end = own.findIndex((s) => /^commit/i.test(s.text));
  return own.slice(0, end + 1).map((s) => s.text.replace(/\s+/g, ' '));
}

describe.skipIf(ENGINE !== 'postgres')("a sale's round trips on PostgreSQL", () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      sent.push({ client: this, text: textOf(args[0]) });
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof realQuery;
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    pg.Client.prototype.query = realQuery;
    await t.close();
  });

  const sellSeat = async (trip: Awaited<ReturnType<typeof findTrip>>, seat: string) => {
    expect((await lock(t, agent, trip, [seat])).status).toBe(200);
    sent.length = 0;
    const sold = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: [seat],
      passenger: passenger(),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    return unitOf(sent);
  };

  it('locks a seat in one transaction of 5 statements, its delete, upsert and live event in one', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    expect((await lock(t, agent, trip, ['E1'])).status).toBe(200);
    sent.length = 0;
    expect((await lock(t, agent, trip, ['E2'])).status).toBe(200);
    const unit = unitOf(sent);
    const writes = unit.filter((s) => /seat_locks/.test(s) && !/^select/.test(s));
    expect(writes, 'the delete and the new lock in one statement').toEqual([
      expect.stringMatching(/^with w1 as \(delete from seat_locks .*w2 as \(insert into "seat_locks" .* on conflict/),
    ]);
    // BEGIN; the trip's lock; the trip's locks, its sold seats of those asked and the agent's seats on the trip (the
    // demo agent has a seat limit) in one read; one statement of the delete of the lapsed locks, the new lock and the
    // live event (issue #35: the trip's version bumped, its RETURNING the pg_notify, delivered only if the unit
    // commits), deferred writes sent just before the COMMIT (db/deferred-writes.ts); COMMIT.
    expect(
      unit.filter((s) => /count\(\*\)/.test(s)),
      "the agent's seats counted in the locks' read",
    ).toEqual([expect.stringMatching(/^select 'L' as kind/)]);
    expect(
      unit.filter((s) => /pg_notify/.test(s)),
      'one live event, with the writes',
    ).toEqual([
      expect.stringMatching(/^with w1 as \(delete from seat_locks .*update trips set live_version = live_version \+ 1/),
    ]);
    expect(unit, unit.join('\n')).toHaveLength(5);
  });

  it('sells in one transaction of 8 statements: the reservation with its seats in one, the writes nothing reads back (the ledger row, the release of the seat locks, the PIN SMS among them) in one', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    // The first sale also fills the caches of names, commission rules and fares a counter's later sales find warm.
    await sellSeat(trip, 'D1');
    const unit = await sellSeat(trip, 'D2');
    const batch = unit.filter((s) => s.startsWith('with w1 as'));
    expect(batch, 'one statement for the write-only rows').toHaveLength(1);
    expect(batch[0]).toMatch(/insert into "commissions"/);
    expect(batch[0]).toMatch(/delete from seat_locks/);
    expect(batch[0]).toMatch(/insert into "ledger_entries"/);
    expect(batch[0]).toMatch(/insert into "sms_outbox"/);
    expect(
      unit.filter((s) => /^savepoint|^insert into "sms_outbox"/.test(s)),
      'no savepoint, no PIN SMS of its own',
    ).toEqual([]);
    expect(
      unit.filter((s) => s.startsWith('insert into "ledger_entries"')),
      'no ledger row of its own',
    ).toEqual([]);
    expect(
      unit.filter((s) => /^delete from seat_locks/.test(s)),
      'no release of its own',
    ).toEqual([]);
    const inserts = unit.filter((s) => /insert into "reservation(s|_seats)"/.test(s));
    expect(inserts, 'the reservation and its seats in one statement').toHaveLength(1);
    expect(inserts[0]).toMatch(/^with p as \(insert into "reservations".*c as \(insert into "reservation_seats"/);
    expect(
      unit.filter((s) => /count\(\*\)/.test(s)),
      "the agent's seats counted in the locks' read",
    ).toEqual([expect.stringMatching(/^select 'L' as kind/)]);
    // BEGIN; the trip's lock; the seats, locks and the agent's seats on the trip (the demo agent has a seat limit);
    // the account's lock; its balance; the reservation with its seats; the batch (with the ledger row, the PIN SMS and
    // the live events of issue #35: the account's balance, the trip's seats with its version, each a pg_notify inside
    // the unit, delivered only if it commits); COMMIT.
    expect(batch[0], 'the balance event').toMatch(/\(select pg_notify\(\$\d+, \$\d+\)\)/);
    expect(batch[0], 'the trip event and its version').toMatch(
      /update trips set live_version = live_version \+ 1 .* returning pg_notify/,
    );
    expect(
      unit.filter((s) => /pg_notify/.test(s)),
      'the live events in the batch',
    ).toHaveLength(1);
    expect(unit, unit.join('\n')).toHaveLength(8);
  });
});
