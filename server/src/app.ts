import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sendError, installErrorHandling } from './http/error-handler';
import './http/principal';
import { installNulCharacterRefusal } from './http/nul-characters';
import { installSecurityHeaders } from './http/security-headers';
import { registerModuleRoutes } from './http/module-routes';
import { createRouteRegistrar } from './http/routes';
import { SERVER_VERSION } from './lib/version';
import { installBookingSweep } from './modules/booking-expiry/sweep';
import { installRetentionSweep } from './modules/retention/sweep';
import { FileQueue } from './modules/reports/file-queue';
import { ReportPool } from './modules/reports/pool';
import type { LiveService } from './modules/live/service';
import { createServices, type Dependencies, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Each user's report files being made and waiting (modules/reports/file-queue.ts): tests read it. */
    reportFiles: FileQueue;
    /** Live events (modules/live), when LIVE_EVENTS=on: tests read its hub. */
    live?: LiveService;
  }
}

export const DOCS_PATH = '/docs';

/** Builds the whole HTTP app on the given dependencies. It never listens: main.ts does. */
export async function buildApp(deps: Dependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow clients (config.http). headersTimeout is Node's own, so it goes
    // through http, with requestTimeout again: Node refuses a headersTimeout
    // above the requestTimeout it is created with. Node checks both deadlines
    // every connectionsCheckingInterval (its 30 s default would let 10 s run to 40).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionIdleTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
  });
  const services = createServices(deps);
  app.decorate('services', services);
  app.decorateRequest('principal', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installNulCharacterRefusal(app);
  // Every body is JSON: a text/plain one answers 415 UNSUPPORTED_MEDIA_TYPE instead of reaching validation as a string.
  app.removeContentTypeParser('text/plain');
  installSecurityHeaders(app, { docsPath: DOCS_PATH });

  // Auth is a bearer header, never a cookie, so any origin may call.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['retry-after', 'content-disposition'],
    maxAge: 600,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Agent Portal agency server',
        description: 'The HTTP API the agent portal calls. Errors answer {reason, message?, details?}.',
        version: SERVER_VERSION,
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: createJsonSchemaTransform({
      skipList: [
        DOCS_PATH,
        `${DOCS_PATH}/`,
        `${DOCS_PATH}/json`,
        `${DOCS_PATH}/yaml`,
        `${DOCS_PATH}/*`,
        `${DOCS_PATH}/static/*`,
      ],
    }),
  });
  // The OpenAPI page tells a stranger every route and field: on in demo mode, in production only with DOCS_ENABLED.
  if (config.docsEnabled) await app.register(swaggerUi, { routePrefix: DOCS_PATH });

  const routes = createRouteRegistrar(
    app,
    (req) => services.sessions.authenticate(req),
    (path, body) => services.maintenance.assertOpen(path, body),
  );
  // Reports run in worker threads with their own read connection; an in-memory database has none to share (issue #14).
  const reportPool =
    deps.reportPool !== undefined
      ? deps.reportPool
      : config.reports.workers > 0 && config.database.kind !== 'memory'
        ? new ReportPool(config.database, config, config.reports.workers)
        : null;
  if (reportPool) app.addHook('onClose', () => reportPool.close());
  const reportFiles = new FileQueue({
    running: config.reports.filesRunningPerUser,
    waiting: config.reports.filesWaitingPerUser,
  });
  app.decorate('reportFiles', reportFiles);
  // Every module's routes: the table of http/module-routes.ts.
  await registerModuleRoutes(routes, { ...deps, services, reportPool, reportFiles });
  installBookingSweep(app, services.bookingExpiry, config.sales.bookingSweepSeconds);
  installRetentionSweep(app, services.retention, config.retention.sweepMinutes);

  const portalDir = config.portalDir;
  if (portalDir) {
    await app.register(fastifyStatic, { root: portalDir, prefix: '/', index: ['index.html'] });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing file (favicon.ico, an old chunk) is a 404, not the page: HTML served as a script only confuses.
    const looksLikeFile = /\.[A-Za-z0-9]{1,8}$/.test(path.split('/').pop() ?? '');
    if (portalDir && !isApi && !looksLikeFile && (req.method === 'GET' || req.method === 'HEAD')) {
      // The portal routes in the browser: every page path answers its index.html.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', portalDir);
    }
    return sendError(reply, 'RESOURCE_NOT_FOUND', undefined, `No route for ${req.method} ${path}`);
  });
  return app;
}
