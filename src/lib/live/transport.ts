/**
 * Whether this server offers the live stream: asked (GET /api/live), never assumed. Pure, so the fallback rules are
 * unit-tested: a stream only on a well-formed answer; a 404 (an agency server with only the specification's API, or
 * ours with live events off) or any answer the portal cannot read means polling for this session; anything passing
 * (no network, a restart, a 5xx) means polling now and asking again later.
 */
import { DEFAULT_POLL_MS } from './live-store';

export interface StreamOffer {
  path: string;
  heartbeatMs: number;
  pollMs: number;
  /** Most trips one stream may follow (the open trip is sent first). */
  maxTrips: number;
}

/** The contract's LIVE_MAX_TRIPS_PER_STREAM, for a server that does not say. */
const DEFAULT_MAX_TRIPS = 20;

export type DiscoveryAnswer = { ok: true; body: unknown } | { ok: false; status: number | null };

export type Transport =
  | { kind: 'stream'; stream: StreamOffer }
  /** No stream on this server: poll, and do not ask again this session. */
  | { kind: 'unsupported'; pollMs: number }
  /** Could not tell now: poll meanwhile and ask again after a while. */
  | { kind: 'retry'; pollMs: number };

/** Statuses that say the address does not exist here: the server offers only the specification's API. */
const ABSENT = new Set([404, 405, 501]);

const seconds = (value: unknown, min: number, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value * 1000 : null;

export function decideTransport(answer: DiscoveryAnswer): Transport {
  if (!answer.ok) {
    return answer.status !== null && ABSENT.has(answer.status)
      ? { kind: 'unsupported', pollMs: DEFAULT_POLL_MS }
      : { kind: 'retry', pollMs: DEFAULT_POLL_MS };
  }
  const stream = (answer.body as { stream?: Record<string, unknown> } | null)?.stream;
  const path = stream?.path;
  const heartbeatMs = seconds(stream?.heartbeatSeconds, 1, 300);
  const pollMs = seconds(stream?.pollSeconds, 1, 60) ?? DEFAULT_POLL_MS;
  // Only a path on the API's own origin (the desktop shell's CSP allows nothing else, and the token goes with it).
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || heartbeatMs === null)
    return { kind: 'unsupported', pollMs };
  const maxTrips =
    typeof stream?.maxTrips === 'number' && Number.isInteger(stream.maxTrips) && stream.maxTrips > 0
      ? stream.maxTrips
      : DEFAULT_MAX_TRIPS;
  return { kind: 'stream', stream: { path, heartbeatMs, pollMs, maxTrips } };
}

/** The wait before the next attempt: 1 s doubling to 30 s, with jitter so counters do not come back in step. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}
