/**
 * Starts the agency server: settings, database, migrations, the demo world
 * on an empty database (demo mode; see startup.ts for production), then listens.
 */
import { buildApp, DOCS_PATH } from './app';
import { ConfigError, describeDatabase, loadConfig, type Config } from './config';
import { closeDatabase, migrateToLatest, openDatabase, SERVER_DATABASE_OPTIONS } from './db/database';
import { DEMO_USERS } from './db/seed';
import { UnsuitableDatabase } from './db/postgres-requirements';
import { clockFor } from './lib/clock';
import { prepareDatabase, StartupRefusal, type PreparedDatabase } from './startup';

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const clock = clockFor(config);
  const db = openDatabase(config.database, SERVER_DATABASE_OPTIONS);
  let prepared: PreparedDatabase;
  try {
    await migrateToLatest(db, {
      onNewerVersion: (names) =>
        console.warn(
          `The database carries migrations of a newer version (${names.join(', ')}): running on it as it is`,
        ),
    });
    prepared = await prepareDatabase(db, { clock, config });
  } catch (error) {
    if (error instanceof StartupRefusal || error instanceof UnsuitableDatabase) {
      console.error(`Cannot start: ${error.message}`);
      await closeDatabase(db);
      process.exit(1);
    }
    throw error;
  }
  const { seeded, tripsAdded, upcomingTrips } = prepared;

  const app = await buildApp({ config, db, clock });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await closeDatabase(db);
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const demo = config.mode === 'demo';
  const lines = [
    '',
    `Agent Portal server listening on ${base} (${demo ? 'demo mode' : 'production mode'})`,
    ...(config.docsEnabled ? [`  API docs:  ${base}${DOCS_PATH}`] : []),
    ...(config.fixedNow ? [`  Clock:     started at FIXED_NOW ${config.fixedNow.toISOString()} and running on`] : []),
    `  Database:  ${describeDatabase(config.database)}${seeded ? ' (new: demo world seeded)' : ''}`,
    `  Trips:     ${upcomingTrips} from today on${config.seedDemo ? ` (${tripsAdded} added at this start; the next ${config.sales.tripHorizonDays} days always exist)` : ''}`,
    ...(config.portalDir ? [`  Portal:    ${base}/ (from ${config.portalDir})`] : []),
    ...(demo
      ? [
          '  Demo users (username / password):',
          ...DEMO_USERS.map((u) => `    ${u.username.padEnd(9)} / ${u.password.padEnd(13)} ${u.note}`),
        ]
      : []),
    '  Operator commands: npm run operator -- help',
    '',
  ];
  console.log(lines.join('\n'));
}

start().catch((error: unknown) => {
  console.error('Cannot start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
