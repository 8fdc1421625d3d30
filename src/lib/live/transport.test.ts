import { describe, expect, it } from 'vitest';
import { backoffMs, decideTransport } from './transport';

const offer = (stream: Record<string, unknown>) => ({ ok: true as const, body: { stream } });

describe('decideTransport: the stream only when the server offers it', () => {
  it('opens the stream the server describes, with its heartbeat and poll interval', () => {
    expect(
      decideTransport(offer({ path: '/api/live/stream', heartbeatSeconds: 15, pollSeconds: 3, maxTrips: 20 })),
    ).toEqual({
      kind: 'stream',
      stream: { path: '/api/live/stream', heartbeatMs: 15_000, pollMs: 3000, maxTrips: 20 },
    });
  });

  it('polls for good on a server without the stream (404), as on one that does not know the address', () => {
    for (const status of [404, 405, 501]) expect(decideTransport({ ok: false, status }).kind).toBe('unsupported');
  });

  it('polls now and asks again later when it cannot tell (no network, a restart, a refusal)', () => {
    for (const status of [null, 401, 429, 500, 503]) expect(decideTransport({ ok: false, status }).kind).toBe('retry');
  });

  it('never assumes: an answer it cannot read, or a stream elsewhere than the API origin, means polling', () => {
    expect(decideTransport({ ok: true, body: {} }).kind).toBe('unsupported');
    expect(decideTransport({ ok: true, body: '<html>' }).kind).toBe('unsupported');
    expect(decideTransport(offer({ path: '/api/live/stream' })).kind).toBe('unsupported');
    expect(decideTransport(offer({ path: 'https://elsewhere.example/s', heartbeatSeconds: 15 })).kind).toBe(
      'unsupported',
    );
    expect(decideTransport(offer({ path: '//elsewhere.example/s', heartbeatSeconds: 15 })).kind).toBe('unsupported');
  });

  it('waits 1 s doubling to at most 30 s between attempts, never less than half of it', () => {
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(0, () => 1)).toBe(1000);
    expect(backoffMs(3, () => 1)).toBe(8000);
    expect(backoffMs(12, () => 1)).toBe(30_000);
  });
});
