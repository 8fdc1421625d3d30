/**
 * Addresses of liveApi (api-live.ts): live events (issue #35). This server's extension, not the specification's
 * API: DISCOVERED, never assumed. A server that answers 404 on `live` (an agency server with only the
 * specification's API, or ours with LIVE_EVENTS=off) has no stream, and the portal polls the open trip's details.
 */
import type { EndpointAddress } from './address';

export const liveAddresses = {
  live: { method: 'GET', path: '/api/live', auth: 'session' },
  liveStream: { method: 'GET', path: '/api/live/stream', auth: 'session' },
  liveTrips: { method: 'PUT', path: '/api/live/streams/:streamId/trips', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
