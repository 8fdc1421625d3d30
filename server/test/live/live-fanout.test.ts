/**
 * The fan-out process (modules/live/fanout-process.ts, LIVE_FANOUT=process, the default): the streams' sockets are
 * handed to a process of their own, which writes every event. Seen from the portal's side of a real listening server:
 * a crash of that process ends its streams and the next stream starts another; a process that cannot keep up is
 * stopped; a server that closes ends the streams it no longer holds itself. (The events themselves, on both writers:
 * live-events.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveBusOf } from '../../src/db/live-bus';
import { runUnit } from '../../src/db/units';
import { sseEvent } from '../../src/modules/live/hub';
import { FANOUT_BACKLOG_BYTES, type ProcessWriter } from '../../src/modules/live/fanout-process';
import { findTrip, lock, sellingContext, type Ctx } from '../selling/fixtures';
import { follow, listening, LiveClient } from './live-client';

async function followed(base: string, token: string, tripId: number): Promise<LiveClient> {
  const client = await LiveClient.open(base, token);
  expect(client.status).toBe(200);
  expect((await follow(base, token, client.streamId, [tripId])).status).toBe(200);
  return client;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const writerOf = (t: Ctx) => t.app.live!.hub.writer as ProcessWriter;

/** `seat` locked by `token` shows LOCKED on `stream`. */
async function lockSeen(
  t: Ctx,
  token: string,
  trip: Awaited<ReturnType<typeof findTrip>>,
  stream: LiveClient,
  seat: string,
) {
  expect((await lock(t, token, trip, [seat])).status).toBe(200);
  expect((await stream.waitFor((e) => e.name === 'trip')).data.seats[0]).toMatchObject({ seat, state: 'LOCKED' });
}

/** A listening server of its own with a stream following a trip, for the tests that close it. */
async function closingServer() {
  const closing = await sellingContext({ LIVE_FANOUT: 'process' });
  const base = await listening(closing.app);
  const token = await closing.login('agent');
  const trip = await findTrip(closing, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
  return { closing, base, token, trip, stream: await followed(base, token, trip.tripId) };
}

describe('the fan-out process', () => {
  let t: Ctx;
  let base: string;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext({ LIVE_FANOUT: 'process' });
    base = await listening(t.app);
    agent = await t.login('agent');
  });
  afterAll(() => t.close());
  const streamsGone = async () => {
    while (t.app.live!.hub.size > 0) await new Promise((r) => setTimeout(r, 10));
  };

  // First: on a server whose fan-out process is still to start, as after a restart.
  it('lets go of a stream whose client leaves while its socket is on its way to the fan-out process', async () => {
    for (let i = 0; i < 3; i++) {
      const abort = new AbortController();
      const res = await fetch(`${base}/api/live/stream`, {
        headers: { authorization: `Bearer ${agent}` },
        signal: abort.signal,
      });
      await res.body!.getReader().read();
      abort.abort();
      // The limits count open streams: one its client has left must not stay counted.
      await streamsGone();
    }
  });

  it('writes the events from a process of its own; killed, its streams end and the next stream starts another', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const first = await followed(base, agent, trip.tripId);
    const pid = writerOf(t).pid!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    await lockSeen(t, agent, trip, first, 'A1');
    // The write was the fan-out process's (the hub counts none of its own).
    expect(await writerOf(t).writesSoFar()).toBeGreaterThan(0);

    // A crash, as the operating system would end it: the stream ends (its portal reconnects and refetches).
    process.kill(pid, 'SIGKILL');
    await first.waitForEnd();
    await streamsGone();

    const second = await followed(base, agent, trip.tripId);
    expect(writerOf(t).pid).not.toBe(pid);
    await lockSeen(t, agent, trip, second, 'A2');
    second.close();
    await streamsGone();
  });

  it('stops a fan-out process that cannot keep up rather than holding what it has not read', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const stream = await followed(base, agent, trip.tripId);
    const pid = writerOf(t).pid!;
    // Stopped as a starved or stuck process would be: it reads nothing more.
    process.kill(pid, 'SIGSTOP');
    const seats = Array.from({ length: 80 }, (_, i) => ({
      seat: `S${i}`,
      state: 'FREE' as const,
      fromOrder: 0,
      toOrder: 1,
    }));
    let raised = 0;
    while (!stream.ended) {
      await runUnit(t.db, async (uow) => {
        for (let i = 0; i < 200; i++) await liveBusOf(t.db).raise(uow, { type: 'trip', tripId: trip.tripId, seats });
      });
      raised += 200;
      await new Promise((r) => setTimeout(r, 5));
    }
    // Ended for the backlog's bound, not sooner: what was sent is past it (each event at most this long).
    const eventBytes = sseEvent('trip', { tripId: trip.tripId, version: 1e9, seats }).length;
    expect(raised * eventBytes).toBeGreaterThan(FANOUT_BACKLOG_BYTES);
    while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
    await streamsGone();
  });

  it('a server whose only fan-out process crashed still closes', async () => {
    const { closing, stream: crashed } = await closingServer();
    process.kill(writerOf(closing).pid!, 'SIGKILL');
    await crashed.waitForEnd();
    // Node counted the process among the listening server's "workers", whose word a close waits for: it never came.
    await closing.close();
  });

  it('a closing server ends the streams the fan-out process holds, and the process exits, after a crash too', async () => {
    const { closing, base: closingBase, token, trip, stream: crashed } = await closingServer();
    // A fan-out process that crashed before: the close does not wait for it (Node's books once did, for ever).
    process.kill(writerOf(closing).pid!, 'SIGKILL');
    await crashed.waitForEnd();
    const reading = await followed(closingBase, token, trip.tripId);
    // A client that reads nothing more: its socket cannot hold the close up (the process destroys it after a grace).
    const res = await fetch(`${closingBase}/api/live/stream`, { headers: { authorization: `Bearer ${token}` } });
    const silent = res.body!.getReader();
    await silent.read();
    const pid = writerOf(closing).pid!;
    await closing.close();
    await reading.waitForEnd();
    while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
    await silent.cancel().catch(() => undefined);
  });
});
