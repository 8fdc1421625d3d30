import { liveApi } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Units } from '../../db/units';
import type { RouteRegistrar } from '../../http/routes';
import type { Clock } from '../../lib/clock';
import type { Services } from '../../services';
import { Fanout } from './fanout';
import { ProcessWriter } from './fanout-process';
import { LiveHub } from './hub';
import { LapseService } from './lapses';
import { accountSources, LiveService } from './service';

/**
 * The live module's routes (issue #35), registered only with LIVE_EVENTS=on: off, /api/live answers 404 as on a server
 * with only the specification's API, and the portal polls. Answers the service (tests reach the hub through it).
 */
export async function registerLiveRoutes(
  routes: RouteRegistrar,
  deps: { config: Config; units: Units; clock: Clock; services: Services },
): Promise<LiveService> {
  const { config, units, clock, services } = deps;
  const bus = units.live;
  const lapses = new LapseService(units, bus, clock, services.bookingExpiry);
  const app = routes.app;
  const hub = new LiveHub(
    bus,
    {
      endedSessions: (ids) => services.sessions.endedAmong(ids),
      maintenance: () => services.maintenance.status(),
      ...accountSources(services.accounts),
      nextLapse: (tripId) => lapses.nextLapse(tripId),
      lapse: (tripId) => lapses.lapse(tripId),
    },
    config.live,
    clock,
    (closed) =>
      config.live.fanout === 'process'
        ? new ProcessWriter(config.live, closed, (error) => app.log.error({ err: error }, 'live events: fan-out'))
        : new Fanout(config.live, closed),
  );
  const live = new LiveService(hub, config, services.trips);
  hub.start();
  try {
    await bus.listen(config.database.kind === 'postgres' ? config.database.url : null);
  } catch (error) {
    // The listening connection keeps trying on its own; meanwhile streams carry no trip events (portals refetch).
    app.log.error({ err: error }, 'live events: cannot LISTEN on the database yet; retrying');
  }
  // Streams are long-lived connections: ended before the server closes, or close would wait for them.
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', async () => bus.close());

  routes.add(liveApi.live, { handler: () => live.discovery() });
  routes.add(liveApi.liveStream, {
    handler: async ({ principal, req, reply }) => {
      live.admit(principal);
      reply.hijack();
      // A stream is silent between events but for the heartbeat: no idle timeout of the socket cuts it.
      req.raw.socket.setTimeout(0);
      // Not chunked: the body runs until the stream ends (Connection: close), so an event is one plain socket write of
      // the bytes encoded once for all its streams, where a chunk costs three writes and a corked turn per stream.
      reply.raw.useChunkedEncodingByDefault = false;
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx and its kind buffer an answer unless told not to (a buffered stream is no stream).
        'x-accel-buffering': 'no',
      });
      await live.open(principal, reply.raw);
      return '';
    },
  });
  routes.add(liveApi.liveTrips, {
    handler: ({ principal, params, body }) => live.setTrips(principal, params.streamId, body.tripIds),
  });
  return live;
}
