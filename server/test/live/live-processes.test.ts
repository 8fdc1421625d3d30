/**
 * Live events across server processes (issue #35) and without them: on PostgreSQL a change committed through one
 * process reaches the streams of another (LISTEN/NOTIFY, each process its own listening connection); a server with
 * LIVE_EVENTS=off has no /api/live at all (404, as one with only the specification's API).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { closeDatabase, openDatabase, type Database } from '../../src/db/database';
import { callerOf, ENGINE, testEnv } from '../helpers';
import { findTrip, lock, sellingContext, type Ctx } from '../selling/fixtures';
import { seatNames } from '../security/pnr-fixtures';
import { follow, listening, LiveClient } from './live-client';

/** Another server process on the same database: its own connections (and listening connection), its own memory. */
async function anotherServer(t: Ctx, env: Record<string, string> = {}) {
  const config = loadConfig(
    testEnv(t.dir, {
      DATABASE_URL:
        t.config.database.kind === 'postgres' ? t.config.database.url : (t.config.database as { file: string }).file,
      ...env,
    }),
  );
  const db: Database = openDatabase(config.database);
  const app: FastifyInstance = await buildApp({ config, db, clock: t.clock });
  return {
    app,
    close: async () => {
      await app.close();
      await closeDatabase(db);
    },
  };
}

describe('live events across processes and without them', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  it.runIf(ENGINE === 'postgres')('a lock committed through one process reaches a stream of another', async () => {
    const second = await anotherServer(t);
    try {
      const base = await listening(second.app);
      const token = await t.login('agent');
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
      const s = await LiveClient.open(base, token);
      expect((await follow(base, token, s.streamId, [trip.tripId])).status).toBe(200);
      // The change goes through the FIRST process; the stream is on the second.
      expect((await lock(t, token, trip, ['D3'])).status).toBe(200);
      const event = await s.waitFor((e) => e.name === 'trip');
      expect(event.data).toMatchObject({ tripId: trip.tripId, seats: [{ seat: 'D3', state: 'LOCKED' }] });
      // And the other way: through the second process, heard on a stream of the first.
      const first = await LiveClient.open(await listening(t.app), token);
      expect((await follow(await listening(t.app), token, first.streamId, [trip.tripId])).status).toBe(200);
      const viaSecond = await lock({ ...t, call: callerOf(second.app) }, token, trip, ['C3']);
      expect(viaSecond.status, JSON.stringify(viaSecond.body)).toBe(200);
      const heard = await first.waitFor((e) => e.name === 'trip');
      expect(heard.data.version).toBe(event.data.version + 1);
      s.close();
      first.close();
    } finally {
      await second.close();
    }
  });

  it.runIf(ENGINE === 'postgres')('a lapse both processes see is raised once, on the streams of both', async () => {
    const second = await anotherServer(t);
    try {
      const token = await t.login('agent');
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7, slot: 1 });
      const [a, b] = await seatNames(t, token, trip);
      const bases = [await listening(t.app), await listening(second.app)];
      const streams = await Promise.all(bases.map((base) => LiveClient.open(base, token)));
      for (const [i, s] of streams.entries())
        expect((await follow(bases[i]!, token, s.streamId, [trip.tripId])).status).toBe(200);
      expect((await lock(t, token, trip, [a!])).status).toBe(200);
      const locked = await streams[0]!.waitFor((e) => e.name === 'trip');
      t.clock.advanceMinutes(t.config.reservations.seatLockMinutes);
      // Both hubs look at the same moment: the delete lets one find the lock.
      await Promise.all([t.app.live!.hub.checkLapses(), second.app.live!.hub.checkLapses()]);
      // A later change, so that a second lapse event would be in before it.
      expect((await lock(t, token, trip, [b!])).status).toBe(200);
      for (const s of streams) {
        await s.waitFor((e) => e.name === 'trip' && e.data.version === locked.data.version + 2);
        expect(
          s.tripEvents(trip.tripId).map((e) => [e.data.version, e.data.seats[0].seat, e.data.seats[0].state]),
        ).toEqual([
          [locked.data.version, a, 'LOCKED'],
          [locked.data.version + 1, a, 'FREE'],
          [locked.data.version + 2, b, 'LOCKED'],
        ]);
        s.close();
      }
    } finally {
      await second.close();
    }
  });

  it('with LIVE_EVENTS=off the live routes do not exist: 404, as on a server with only the specification', async () => {
    const off = await anotherServer(t, { LIVE_EVENTS: 'off' });
    try {
      const token = await t.login('agent');
      const call = callerOf(off.app);
      const discovery = await call('GET', '/api/live', { token });
      expect([discovery.status, discovery.body.reason]).toEqual([404, 'RESOURCE_NOT_FOUND']);
      expect((await call('GET', '/api/live/stream', { token })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
