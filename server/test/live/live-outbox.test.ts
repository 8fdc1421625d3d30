/**
 * Live events committed by another process on the same SQLite file (issue #35, db/live-outbox.ts): the operator
 * command line approving a deposit runs in a process of its own, with its own connection. Its unit writes its live
 * messages to live_outbox; the server reads them when SQLite's data_version says another connection committed, so
 * the stream hears them within the reader's quarter of a second (waited on as state, never as time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli';
import { closeDatabase, openDatabase, type Database } from '../../src/db/database';
import { liveBusOf } from '../../src/db/live-bus';
import { runUnit } from '../../src/db/units';
import { ENGINE } from '../helpers';
import { MEGHNA, requestDeposit } from '../records/support';
import { findTrip, seg, sellingContext, type Ctx } from '../selling/fixtures';
import { follow, listening, LiveClient } from './live-client';

describe.runIf(ENGINE === 'sqlite')('live events committed by another process on one SQLite file', () => {
  let t: Ctx;
  let base: string;
  /** The other process's connection to the same file, as the operator command line opens it. */
  let other: Database;
  beforeAll(async () => {
    t = await sellingContext();
    base = await listening(t.app);
    other = openDatabase(t.config.database);
  });
  afterAll(async () => {
    await closeDatabase(other);
    await t.close();
  });

  it('a deposit approved from the command line moves the balance chip of the agent’s open stream', async () => {
    const agent = await t.login('agent');
    const s = await LiveClient.open(base, agent);
    const deposit = await requestDeposit(t, agent, 'LIVE-OUTBOX-1', 2500, MEGHNA);
    const before = (await t.call('GET', `/api/account/${MEGHNA}`, { token: agent })).body;
    const code = await runCli(['deposit', 'approve', deposit.transactionId], {
      config: t.config,
      db: other,
      clock: t.clock,
      io: { out: () => undefined, err: () => undefined },
    });
    expect(code).toBe(0);
    const balance = await s.waitFor((e) => e.name === 'balance' && e.data.companyId === MEGHNA);
    expect(JSON.stringify(balance.data)).not.toBe(JSON.stringify(before));
    s.close();
  });

  it('a seat change committed by another connection reaches the stream with the trip’s next version, once', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 9 });
    const s = await LiveClient.open(base, agent);
    expect((await follow(base, agent, s.streamId, [trip.tripId])).status).toBe(200);
    const version = (await t.call('POST', '/api/trip/details', { token: agent, body: seg(trip) })).body
      .liveVersion as number;
    const seats = [{ seat: 'A1', state: 'FREE' as const, fromOrder: 0, toOrder: 1 }];
    await runUnit(other, (uow) => liveBusOf(other).raise(uow, { type: 'trip', tripId: trip.tripId, seats }));
    // A unit that rolled back leaves nothing in the outbox.
    await runUnit(other, async (uow) => {
      await liveBusOf(other).raise(uow, { type: 'trip', tripId: trip.tripId, seats });
      throw new Error('rolled back');
    }).catch(() => undefined);
    await runUnit(other, (uow) => liveBusOf(other).raise(uow, { type: 'trip', tripId: trip.tripId, seats }));
    await s.waitFor((e) => e.name === 'trip' && e.data.version === version + 2);
    expect(s.tripEvents(trip.tripId).map((e) => e.data)).toEqual([
      { tripId: trip.tripId, version: version + 1, seats },
      { tripId: trip.tripId, version: version + 2, seats },
    ]);
    s.close();
  });
});
