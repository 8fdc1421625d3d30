/**
 * Live events (issue #35) through a real listening server, the stream read as the portal reads it (fetch with the
 * session's token): an event after each kind of committed change and none for a rolled-back unit, versions rising by
 * one, subscriptions, no passenger data, limits, the end of the session, the maintenance switch, the balance; on
 * both writers of the streams' bytes (modules/live/fanout.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnit } from '../../src/db/units';
import { liveBusOf } from '../../src/db/live-bus';
import { create, findTrip, lock, passenger, PHONE, seg, sell, sellingContext, type Ctx } from '../selling/fixtures';
import { runCli } from '../../src/cli';
import { closeDatabase, openDatabase } from '../../src/db/database';
import { follow, listening, LiveClient } from './live-client';
import { fromMinor } from '../../src/lib/money';
import { ACCOUNT_ROW_KEEP_MS } from '../../src/modules/live/service';

// Both writers of the streams' bytes: the fan-out process (the default) and the server's own process.
describe.each(['process', 'inline'])('live events on one server (LIVE_FANOUT=%s)', (fanout) => {
  let t: Ctx;
  let base: string;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext({
      LIVE_FANOUT: fanout,
      LIVE_STREAMS_PER_SESSION: '3',
      LIVE_STREAMS_PER_PROCESS: '5',
      LIVE_SLOW_CONSUMER_KB: '1',
    });
    base = await listening(t.app);
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const opened: LiveClient[] = [];
  async function stream(token = agent, tripIds: number[] = []): Promise<LiveClient> {
    const client = await LiveClient.open(base, token);
    expect(client.status, JSON.stringify(client.error)).toBe(200);
    opened.push(client);
    if (tripIds.length) expect((await follow(base, token, client.streamId, tripIds)).status).toBe(200);
    return client;
  }
  const closeAll = async () => {
    for (const c of opened.splice(0)) c.close();
    // Until the server has heard every close (the limits count open streams).
    while (t.app.live!.hub.size > 0) await new Promise((r) => setImmediate(r));
  };

  it('discovery answers where the stream is and how often to poll without it', async () => {
    const res = await t.call('GET', '/api/live', { token: agent });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stream: { path: '/api/live/stream', heartbeatSeconds: 15, pollSeconds: 5, maxTrips: 20 },
    });
    expect((await t.call('GET', '/api/live')).body.reason).toBe('INVALID_SESSION');
  });

  it('sends a trip event after a lock, a release, a sale, a booking, a confirm and a cancel, each version one more', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const s = await stream(agent, [trip.tripId]);
    const details = await t.call('POST', '/api/trip/details', { token: agent, body: seg(trip) });
    const start = details.body.liveVersion as number;
    const last = trip.stations.length - 1;
    expect(details.body.segment).toEqual({ fromOrder: 0, toOrder: last });

    const next = async (n: number) => (await s.waitFor((e) => e.name === 'trip' && e.data.version === start + n)).data;
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);
    expect(await next(1)).toEqual({
      tripId: trip.tripId,
      version: start + 1,
      seats: [{ seat: 'A1', state: 'LOCKED', fromOrder: 0, toOrder: last }],
    });
    await t.call('POST', '/api/reservation/seatLock', {
      token: agent,
      body: { ...seg(trip), lock: [], release: ['A1'] },
    });
    expect((await next(2)).seats).toEqual([{ seat: 'A1', state: 'FREE', fromOrder: 0, toOrder: last }]);
    const sold = await sell(t, agent, trip, ['A2']);
    expect((await next(3)).seats).toEqual([{ seat: 'A2', state: 'LOCKED', fromOrder: 0, toOrder: last }]);
    expect((await next(4)).seats).toEqual([{ seat: 'A2', state: 'SOLD', fromOrder: 0, toOrder: last }]);
    const booked = await sell(t, agent, trip, ['B1'], { kind: 'BOOK' });
    expect((await next(6)).seats).toEqual([{ seat: 'B1', state: 'BOOKED', fromOrder: 0, toOrder: last }]);
    const op = (pnr: string, pin: string, action: number) =>
      t.call('POST', '/api/reservation/ticketOperation', { token: agent, body: { pnr, pin, action } });
    expect((await op(booked.pnr, booked.pin, 1)).status).toBe(200);
    expect((await next(7)).seats).toEqual([{ seat: 'B1', state: 'SOLD', fromOrder: 0, toOrder: last }]);
    const booked2 = await sell(t, agent, trip, ['B2'], { kind: 'BOOK' });
    expect((await op(booked2.pnr, booked2.pin, 5)).status).toBe(200);
    expect((await next(10)).seats).toEqual([{ seat: 'B2', state: 'FREE', fromOrder: 0, toOrder: last }]);

    // Versions rose by one per committed change, none skipped, none repeated.
    expect(s.tripEvents(trip.tripId).map((e) => e.data.version)).toEqual(
      Array.from({ length: 10 }, (_, i) => start + i + 1),
    );
    // Seat states only: no passenger's name, phone, PNR or PIN on the wire.
    for (const secret of [passenger().name, PHONE, sold.pnr, sold.pin, booked.pnr]) expect(s.raw).not.toContain(secret);
    // The seller's own balance chip moved with the sale.
    expect(s.events.some((e) => e.name === 'balance' && e.data.companyId === trip.companyId)).toBe(true);
    await closeAll();
  });

  it('moves the balance chip to the balance each posting left, in commit order, the last one the account as it is', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const s = await stream(agent);
    const lastEntry = await t.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    // Three sales at once: one group's commit on SQLite, three of their own on PostgreSQL.
    await Promise.all([sell(t, agent, trip, ['D2']), sell(t, agent, trip, ['D3']), sell(t, agent, trip, ['E2'])]);
    const account = (await t.call('GET', `/api/account/${trip.companyId}`, { token: agent })).body;
    const entries = await t.db
      .selectFrom('ledger_entries as e')
      .innerJoin('agent_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('users as u', 'u.agent_id', 'a.agent_id')
      .select('e.balance_after_minor')
      .where('u.username', '=', 'agent')
      .where('a.company_id', '=', trip.companyId)
      .where('e.id', '>', Number(lastEntry?.id ?? 0))
      .orderBy('e.id')
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const balances = () => s.events.filter((e) => e.name === 'balance').map((e) => e.data);
    await s.waitFor((e) => e.name === 'balance' && balances().length === entries.length);
    // One event per ledger row, each with the balance that row left, in the rows' order: the chip never steps back.
    expect(balances().map((b) => b.balance)).toEqual(entries.map((e) => fromMinor(e.balance_after_minor)));
    expect(balances().at(-1)).toEqual(account);
    await closeAll();
  });

  it('reads the balance from the ledger for a balance message without one (a server process not yet upgraded)', async () => {
    const s = await stream(agent);
    const { id: accountId, company_id: companyId } = await t.db
      .selectFrom('agent_accounts as a')
      .innerJoin('users as u', 'u.agent_id', 'a.agent_id')
      .select(['a.id', 'a.company_id'])
      .where('u.username', '=', 'agent')
      .executeTakeFirstOrThrow();
    await runUnit(t.db, (uow) => liveBusOf(t.db).raise(uow, { type: 'balance', accountId }));
    const event = await s.waitFor((e) => e.name === 'balance');
    expect(event.data).toEqual((await t.call('GET', `/api/account/${companyId}`, { token: agent })).body);
    await closeAll();
  });

  it("carries a change of the account's plan in the balance events once the row's keep time has passed", async () => {
    const s = await stream(agent);
    const account = await t.db
      .selectFrom('agent_accounts as a')
      .innerJoin('users as u', 'u.agent_id', 'a.agent_id')
      .select(['a.id', 'a.plan', 'a.credit_limit_minor'])
      .where('u.username', '=', 'agent')
      .executeTakeFirstOrThrow();
    const raise = () =>
      runUnit(t.db, (uow) =>
        liveBusOf(t.db).raise(uow, { type: 'balance', accountId: account.id, balanceMinor: 12_345 }),
      );
    await raise();
    const first = await s.waitFor((e) => e.name === 'balance');
    expect(first.data.plan.name).toBe(account.plan);
    // Changed by hand in the database (no command of the server changes it): the streams keep the row a moment.
    const changed = account.plan === 'PREPAID' ? 'POSTPAID' : 'PREPAID';
    const set = (plan: 'PREPAID' | 'POSTPAID', limit: number | null) =>
      t.db
        .updateTable('agent_accounts')
        .set({ plan, credit_limit_minor: limit })
        .where('id', '=', account.id)
        .execute();
    await set(changed, 500_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, ACCOUNT_ROW_KEEP_MS + 100));
      await raise();
      const second = await s.waitFor((e) => e.name === 'balance', s.events.indexOf(first) + 1);
      expect(second.data).toMatchObject({ plan: { name: changed }, balance: 123.45 });
    } finally {
      await set(account.plan, account.credit_limit_minor);
    }
    await closeAll();
  });

  it('sends nothing for a unit that rolled back: a sale refused for the balance leaves no event and no version', async () => {
    const seller = await t.login('seller');
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', slot: 2 });
    const s = await stream(seller, [trip.tripId]);
    expect((await lock(t, seller, trip, ['A1'])).status).toBe(200);
    const locked = await s.waitFor((e) => e.name === 'trip');
    // Spend the seller's balance, then try to sell: refused, rolled back.
    const accounts = t.app.services.accounts;
    const account = await accounts.accountRow(
      (await t.db.selectFrom('agents').select('id').where('code', '=', 'AG-1002').executeTakeFirstOrThrow()).id,
      trip.companyId,
    );
    await accounts.postAlone({ accountId: account.id, entryType: 'DEBIT', amountMinor: 19_900_00, kind: 'TEST' });
    const refused = await create(t, seller, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['A1'],
      passenger: passenger(),
    });
    expect(refused.body.reason).toBe('INSUFFICIENT_BALANCE');
    // The next committed change is the very next version: the refused sale raised none.
    expect((await lock(t, seller, trip, ['A2'])).status).toBe(200);
    const after = await s.waitFor(
      (e) => e.name === 'trip' && e.data.seats.some((x: { seat: string }) => x.seat === 'A2'),
    );
    expect(after.data.version).toBe(locked.data.version + 1);
    expect(s.tripEvents(trip.tripId)).toHaveLength(2);
    await closeAll();
  });

  it('a stream hears only the trips it follows, and only its own session may change them', async () => {
    const a = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const b = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3, slot: 1 });
    const s = await stream(agent, [a.tripId]);
    await lock(t, agent, b, ['C1']);
    await lock(t, agent, a, ['C1']);
    await s.waitFor((e) => e.name === 'trip' && e.data.tripId === a.tripId);
    expect(s.tripEvents(b.tripId)).toEqual([]);
    const other = await t.login('agent');
    expect((await follow(base, other, s.streamId, [b.tripId])).body.reason).toBe('LIVE_STREAM_NOT_FOUND');
    expect((await follow(base, agent, s.streamId, [999_999])).body.reason).toBe('TRIP_NOT_FOUND');
    const tooMany = await follow(
      base,
      agent,
      s.streamId,
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
    expect(tooMany.body.reason).toBe('VALIDATION_FAILED');
    await closeAll();
  });

  it('refuses streams past the limits per session and per process with their reasons', async () => {
    const first = await t.login('agent');
    for (let i = 0; i < 3; i++) await stream(first);
    const fourth = await LiveClient.open(base, first);
    expect([fourth.status, (fourth.error as { reason: string }).reason]).toEqual([429, 'LIVE_SESSION_STREAM_LIMIT']);
    const second = await t.login('agent');
    await stream(second);
    await stream(second);
    const sixth = await LiveClient.open(base, second);
    expect([sixth.status, (sixth.error as { reason: string }).reason]).toEqual([429, 'LIVE_SERVER_STREAM_LIMIT']);
    await closeAll();
  });

  it('ends the stream with session-ended on logout and on revocation', async () => {
    const mine = await t.login('agent');
    const s = await stream(mine);
    expect((await t.call('POST', '/api/logout', { token: mine })).status).toBe(200);
    await t.app.live!.hub.sweep();
    expect((await s.waitFor((e) => e.name === 'session-ended')).data).toEqual({ reason: 'LOGGED_OUT' });
    await s.waitForEnd();

    const revoked = await t.login('agent');
    const r = await stream(revoked);
    const userId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow()
    ).id;
    await t.app.services.sessions.endAllForUser(userId, 'ADMIN_REVOKED');
    await t.app.live!.hub.sweep();
    expect((await r.waitFor((e) => e.name === 'session-ended')).data).toEqual({ reason: 'REVOKED' });
    await r.waitForEnd();
    agent = await t.login('agent');
    await closeAll();
  });

  it('tells the maintenance switch turned on from the command line (another process)', async () => {
    const s = await stream(agent);
    // The operator's command runs in its own process: its own connection to the database.
    const db = openDatabase(t.config.database);
    const io = { out: () => undefined, err: () => undefined };
    await runCli(['maintenance', 'on', '--message', 'Upgrade until 02:00'], {
      config: t.config,
      db,
      clock: t.clock,
      io,
    });
    await closeDatabase(db);
    t.clock.advanceSeconds(3);
    await t.app.live!.hub.sweep();
    expect((await s.waitFor((e) => e.name === 'maintenance')).data).toMatchObject({
      on: true,
      message: 'Upgrade until 02:00',
    });
    await closeAll();
  });

  it('drops a slow consumer rather than buffering for it', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const hub = t.app.live!.hub;
    const dropped = hub.droppedSlow;
    // A client that never reads: its socket fills, then the bytes wait in the server.
    const res = await fetch(`${base}/api/live/stream`, { headers: { authorization: `Bearer ${agent}` } });
    const reader = res.body!.getReader();
    const hello = new TextDecoder().decode((await reader.read()).value);
    const streamId = JSON.parse(/data: (.*)/.exec(hello)![1]!).streamId as string;
    expect((await follow(base, agent, streamId, [trip.tripId])).status).toBe(200);
    const seats = Array.from({ length: 80 }, (_, i) => ({
      seat: `S${i}`,
      state: 'FREE' as const,
      fromOrder: 0,
      toOrder: 1,
    }));
    while (hub.droppedSlow === dropped) {
      await runUnit(t.db, async (uow) => {
        for (let i = 0; i < 200; i++) await liveBusOf(t.db).raise(uow, { type: 'trip', tripId: trip.tripId, seats });
      });
      await new Promise((r) => setImmediate(r));
    }
    expect(hub.size).toBe(0);
    await reader.cancel().catch(() => undefined);
  });
});
