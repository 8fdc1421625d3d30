/**
 * A stream's events are written together (LIVE_BATCH_MS, hub.ts): the fan-out's cost is its socket writes, so the
 * events of one batch's time reach a stream in one write, never sooner than the batch allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveBusOf } from '../../src/db/live-bus';
import { runUnit } from '../../src/db/units';
import { findTrip, sellingContext, type Ctx } from '../selling/fixtures';
import { follow, listening, LiveClient } from './live-client';

describe('live events batched per stream', () => {
  let t: Ctx;
  let base: string;
  beforeAll(async () => {
    t = await sellingContext({ LIVE_BATCH_MS: '800' });
    base = await listening(t.app);
  });
  afterAll(() => t.close());

  it('sends two changes committed 100 ms apart in one write, the batch time after the first', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const s = await LiveClient.open(base, agent);
    expect((await follow(base, agent, s.streamId, [trip.tripId])).status).toBe(200);
    const raise = (seat: string) =>
      runUnit(t.db, (uow) =>
        liveBusOf(t.db).raise(uow, {
          type: 'trip',
          tripId: trip.tripId,
          seats: [{ seat, state: 'LOCKED', fromOrder: 0, toOrder: 1 }],
        }),
      );
    const started = performance.now();
    await raise('A1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await raise('A2');
    const second = await s.waitFor((e) => e.name === 'trip' && e.data.seats[0].seat === 'A2');
    const first = s.events.findIndex((e) => e.name === 'trip' && e.data.seats[0].seat === 'A1');
    // Written at once, each would have come in a read of its own, the first well before the second was committed.
    expect(performance.now() - started).toBeGreaterThanOrEqual(750);
    expect(s.readOf[first]).toBe(s.readOf[s.events.indexOf(second)]);
    s.close();
  });
});
