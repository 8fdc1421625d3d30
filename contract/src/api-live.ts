/**
 * Live events under /api/live (issue #35; server module live): an extension of this server, discovered through
 * `live` (404: none). The event shapes are in schemas/live.ts.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { liveAddresses } from './plain/addresses-live';
import {
  liveDiscoverySchema,
  liveTripsParamsSchema,
  liveTripsRequestSchema,
  liveTripsResponseSchema,
} from './schemas/live';

/**
 * The live endpoints (an extension of this server; 404 when it has none). Refusals: 429 LIVE_SESSION_STREAM_LIMIT
 * (this session has details.limit streams open already: one per window), 429 LIVE_SERVER_STREAM_LIMIT (this server
 * process is full: poll, retry later), 404 LIVE_STREAM_NOT_FOUND (the stream ended, or is another session's),
 * 401 INVALID_SESSION.
 */
export const liveApi = {
  live: {
    ...liveAddresses.live,
    summary: 'Whether this server offers live events, and where: 404 when it does not (poll the trip details then)',
    response: liveDiscoverySchema,
  },
  liveStream: {
    ...liveAddresses.liveStream,
    summary:
      'The live event stream (text/event-stream): hello, trip, maintenance, session-ended, balance; a heartbeat comment',
    response: z.string(),
  },
  liveTrips: {
    ...liveAddresses.liveTrips,
    summary: "Set which trips the stream receives (only the stream's own session; at most maxTrips)",
    params: liveTripsParamsSchema,
    body: liveTripsRequestSchema,
    response: liveTripsResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
