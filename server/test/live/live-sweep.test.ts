/**
 * The hub's housekeeping with many streams open (issue #35): the sweep reads the open streams' sessions in slices
 * (SESSIONS_PER_SWEEP_READ) and still ends a stream whose session ended in the last slice, leaving the others open;
 * a stream that carries nothing hears a heartbeat, never sooner than half its heartbeat's time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_PER_SWEEP_READ } from '../../src/modules/live/hub';
import { sellingContext, type Ctx } from '../selling/fixtures';
import { listening, LiveClient } from './live-client';

describe('live streams of many sessions', () => {
  let t: Ctx;
  let base: string;
  const streams: LiveClient[] = [];
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await sellingContext({ LIVE_STREAMS_PER_PROCESS: '1000', LIVE_HEARTBEAT_SECONDS: '1' });
    base = await listening(t.app);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('ends the stream of a session logged out in the sweep’s last slice of sessions, and only that one', async () => {
    const sessions = 2 * SESSIONS_PER_SWEEP_READ + 1;
    for (let i = 0; i < sessions; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, sessions - i) }, async () => {
          const token = await t.login('agent');
          return { token, stream: await LiveClient.open(base, token) };
        }),
      );
      for (const { token, stream } of batch) {
        expect(stream.status).toBe(200);
        tokens.push(token);
        streams.push(stream);
      }
    }
    expect(t.app.live!.hub.size).toBe(sessions);
    // The newest session is the last the hub met, so the last of its slices.
    const last = streams.at(-1)!;
    expect((await t.call('POST', '/api/logout', { token: tokens.at(-1)! })).status).toBe(200);
    await t.app.live!.hub.sweep();
    expect((await last.waitFor((e) => e.name === 'session-ended')).data).toEqual({ reason: 'LOGGED_OUT' });
    await last.waitForEnd();
    expect(t.app.live!.hub.size).toBe(sessions - 1);
    expect(streams.slice(0, -1).filter((s) => s.ended)).toEqual([]);
  });

  it('sends a stream that carries nothing a heartbeat, no sooner than half the heartbeat’s time', async () => {
    const token = await t.login('agent');
    const opened = performance.now();
    const quiet = await LiveClient.open(base, token);
    streams.push(quiet);
    const afterHello = quiet.raw.length;
    await quiet.waitForText(': hb\n\n', afterHello);
    expect(performance.now() - opened).toBeGreaterThanOrEqual(450);
    expect(quiet.ended).toBe(false);
  });
});
