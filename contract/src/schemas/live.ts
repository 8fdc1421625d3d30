/**
 * Live events (issue #35): after a committed change the server pushes small events on one server-sent-events stream
 * per portal window; the portal's cache stays the source of what is drawn. This is this server's extension, not the
 * specification's API: the portal asks `GET /api/live` first and, on 404, polls the open trip's details every few
 * seconds (only while the window is visible) instead.
 *
 * The stream (`GET /api/live/stream`, the session's token in the Authorization header, so read with fetch() and a
 * ReadableStream, not EventSource) is `text/event-stream`: each event is `event: <name>\ndata: <json>\n\n`, the
 * heartbeat a comment line (`: hb`) every heartbeatSeconds. `hello` comes first; a stream starts with no trips:
 * the portal sets them with PUT /api/live/streams/:streamId/trips. Never passenger data (names, phones, PNRs).
 *
 * The portal applies a `trip` event only when its version is newer than what it shows; on a gap (version > shown + 1)
 * or any reconnect it refetches the trip's details.
 */
import { z } from 'zod';
import { accountSchema } from './auth';
import { idSchema, instantSchema, maintenanceStatusSchema } from './common';

/** Most trips one stream may follow at once (a PUT with more answers 400 VALIDATION_FAILED). */
export const LIVE_MAX_TRIPS_PER_STREAM = 20;

export const liveDiscoverySchema = z.object({
  stream: z.object({
    /** Where the stream is (GET, session auth). */
    path: z.string(),
    /** A comment line comes at least this often; a stream silent for ~2x this is dead: reconnect. */
    heartbeatSeconds: z.number().int().positive(),
    /** How often to poll the open trip's details when the stream cannot be opened (a proxy that buffers it). */
    pollSeconds: z.number().int().positive(),
    /** Most trips one stream may follow (LIVE_MAX_TRIPS_PER_STREAM). */
    maxTrips: z.number().int().positive(),
  }),
});
export type LiveDiscovery = z.infer<typeof liveDiscoverySchema>;

/**
 * A seat's state on a stop segment of its trip, as every counter sees it (no owner: the portal knows its own locks
 * from its own calls and the trip's details): FREE, LOCKED (some counter holds it for a sale in progress), SOLD,
 * BOOKED, ADMIN_BOOKED, LINKED (given to a linked coach).
 */
export const LIVE_SEAT_STATES = ['FREE', 'LOCKED', 'SOLD', 'BOOKED', 'ADMIN_BOOKED', 'LINKED'] as const;
export const liveSeatStateSchema = z.enum(LIVE_SEAT_STATES);
export type LiveSeatState = z.infer<typeof liveSeatStateSchema>;

/** One seat's new state on the stop segment [fromOrder, toOrder) (stop orders of the trip's route). */
export const liveSeatChangeSchema = z.object({
  seat: z.string(),
  state: liveSeatStateSchema,
  fromOrder: z.number().int().min(0),
  toOrder: z.number().int().min(0),
});
export type LiveSeatChange = z.infer<typeof liveSeatChangeSchema>;

/** `hello`: the first event of every stream; streamId names it in the subscription call. */
export const liveHelloSchema = z.object({ streamId: z.string(), serverTime: instantSchema });
export type LiveHello = z.infer<typeof liveHelloSchema>;

/**
 * `trip`: a committed change of a trip's seats. version rises by one per committed change of that trip (one counter
 * per trip, the same across the server's processes); seats lists the seats the change touched and their new state.
 */
export const liveTripEventSchema = z.object({
  tripId: idSchema,
  version: z.number().int().positive(),
  seats: z.array(liveSeatChangeSchema),
  /** The change touched too many seats to list (seats is empty then): refetch the trip's details. */
  refetch: z.literal(true).optional(),
});
export type LiveTripEvent = z.infer<typeof liveTripEventSchema>;

/** `maintenance`: the operator switched maintenance on or off (same shape as GET /api/maintenance). */
export const liveMaintenanceEventSchema = maintenanceStatusSchema;
export type LiveMaintenanceEvent = z.infer<typeof liveMaintenanceEventSchema>;

export const LIVE_SESSION_END_REASONS = ['LOGGED_OUT', 'REVOKED', 'EXPIRED'] as const;
/** `session-ended`: the session is over; the stream closes right after. The portal signs out. */
export const liveSessionEndedSchema = z.object({ reason: z.enum(LIVE_SESSION_END_REASONS) });
export type LiveSessionEnded = z.infer<typeof liveSessionEndedSchema>;

/** `balance`: the caller's account under a company moved (same shape as GET /api/account/:companyId). */
export const liveBalanceEventSchema = accountSchema;
export type LiveBalanceEvent = z.infer<typeof liveBalanceEventSchema>;

/** Every event name on the stream and its data's schema. */
export const liveEventSchemas = {
  hello: liveHelloSchema,
  trip: liveTripEventSchema,
  maintenance: liveMaintenanceEventSchema,
  'session-ended': liveSessionEndedSchema,
  balance: liveBalanceEventSchema,
} as const;
export type LiveEventName = keyof typeof liveEventSchemas;

export const liveTripsRequestSchema = z.object({
  tripIds: z.array(idSchema).max(LIVE_MAX_TRIPS_PER_STREAM),
});
export type LiveTripsRequest = z.infer<typeof liveTripsRequestSchema>;
export const liveTripsParamsSchema = z.object({ streamId: z.string().min(1).max(64) });
export const liveTripsResponseSchema = z.object({ tripIds: z.array(idSchema) });
