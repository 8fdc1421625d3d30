/**
 * The live client against a stream the test writes: it says hello, subscribes the open trips, passes events on,
 * reconnects after a drop and after two silent heartbeats, and never opens a stream a server does not offer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, type LiveClientDeps } from './live-client';
import type { DiscoveryAnswer } from './transport';

const OFFER: DiscoveryAnswer = {
  ok: true,
  body: { stream: { path: '/api/live/stream', heartbeatSeconds: 5, pollSeconds: 3 } },
};

/** A response whose body the test writes to, and ends. */
function stream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function harness(discovery: DiscoveryAnswer = OFFER) {
  const streams: ReturnType<typeof stream>[] = [];
  const requests: RequestInit[] = [];
  const calls = {
    modes: [] as string[],
    events: [] as string[],
    subscribed: [] as [string, number[]][],
    connected: 0,
  };
  const deps: LiveClientDeps = {
    baseUrl: () => 'http://agency.test',
    token: () => 'token-1',
    discover: async () => discovery,
    subscribe: async (streamId, tripIds) => void calls.subscribed.push([streamId, tripIds]),
    onEvent: (event) => void calls.events.push(`${event.event} ${event.data}`),
    onConnected: () => void (calls.connected += 1),
    onSubscribed: () => undefined,
    onMode: (mode) => void calls.modes.push(mode),
    fetch: async (_url, init) => {
      requests.push(init ?? {});
      const next = stream();
      streams.push(next);
      return next.response;
    },
  };
  return { client: new LiveClient(deps), streams, requests, calls };
}

afterEach(() => vi.useRealTimers());

describe('LiveClient', () => {
  it('opens the stream with the token, subscribes the open trips after hello and passes the events on', async () => {
    const { client, streams, requests, calls } = harness();
    client.setTrips([501, 502]);
    client.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(new Headers(requests[0]!.headers).get('Authorization')).toBe('Bearer token-1');
    streams[0]!.send('event: hello\ndata: {"streamId":"s-1","serverTime":"2026-03-10T04:00:00.000Z"}\n\n');
    await vi.waitFor(() => expect(calls.connected).toBe(1));
    expect(calls.modes).toEqual(['live']);
    expect(calls.subscribed).toEqual([['s-1', [501, 502]]]);
    streams[0]!.send(': hb\n\nevent: trip\ndata: {"tripId":501}\n\n');
    await vi.waitFor(() => expect(calls.events).toEqual(['trip {"tripId":501}']));
    client.setTrips([503]);
    await vi.waitFor(() => expect(calls.subscribed.at(-1)).toEqual(['s-1', [503]]));
    client.stop();
  });

  it('polls while the stream is down and reconnects, reading everything again once it is back', async () => {
    const { client, streams, calls } = harness();
    client.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send('event: hello\ndata: {"streamId":"s-1"}\n\n');
    await vi.waitFor(() => expect(calls.connected).toBe(1));
    streams[0]!.end();
    await vi.waitFor(() => expect(calls.modes.at(-1)).toBe('poll'));
    await vi.waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
    streams[1]!.send('event: hello\ndata: {"streamId":"s-2"}\n\n');
    await vi.waitFor(() => expect(calls.connected).toBe(2));
    expect(calls.modes).toEqual(['live', 'poll', 'live']);
    client.stop();
  });

  it('drops a stream that stays silent for two heartbeats (a proxy that buffers it) and opens it again', async () => {
    vi.useFakeTimers();
    const { client, streams, calls } = harness();
    client.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send('event: hello\ndata: {"streamId":"s-1"}\n\n');
    await vi.waitFor(() => expect(calls.connected).toBe(1));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls.modes).toEqual(['live']);
    streams[0]!.send(': hb\n\n');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls.modes).toEqual(['live']);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls.modes).toEqual(['live', 'poll']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(streams).toHaveLength(2);
    client.stop();
  });

  it('never opens a stream on a server that does not offer one: it polls', async () => {
    const { client, streams, calls } = harness({ ok: false, status: 404 });
    client.start();
    await vi.waitFor(() => expect(calls.modes).toEqual(['poll']));
    expect(streams).toHaveLength(0);
    client.stop();
  });
});
