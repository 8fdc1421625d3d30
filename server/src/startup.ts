/**
 * What happens to the database before the server listens, by mode: the demo
 * world in demo mode (or with SEED_DEMO), and in production a refusal to run
 * where the demo world's well-known passwords would let anyone in.
 */
import type { Config } from './config';
import type { Database } from './db/database';
import { DEMO_USERS, isDatabaseEmpty, seedDemoWorld } from './db/seed';
import { countUpcomingTrips, ensureSellingWorld } from './db/seed/selling';
import type { Clock } from './lib/clock';
import { verifyPassword } from './lib/password-hash';

export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

export interface PreparedDatabase {
  /** The demo world was seeded into an empty database at this start. */
  seeded: boolean;
  /** Demo trips added at this start (0 when the demo world is not kept). */
  tripsAdded: number;
  upcomingTrips: number;
}

export async function prepareDatabase(db: Database, deps: { clock: Clock; config: Config }): Promise<PreparedDatabase> {
  const { config } = deps;
  const seeded = config.seedDemo && (await isDatabaseEmpty(db));
  if (seeded) await seedDemoWorld(db, deps);
  if (config.mode === 'production') await refuseDemoPasswords(db);
  // A long-lived demo database keeps trips for the next days: top up on every start.
  const tripsAdded = config.seedDemo ? await ensureSellingWorld(db, deps) : 0;
  return { seeded, tripsAdded, upcomingTrips: await countUpcomingTrips(db, deps) };
}

/** A production server does not run while a demo user can still sign in with the password printed in the README. */
async function refuseDemoPasswords(db: Database): Promise<void> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'password_hash', 'active'])
    .where(
      'username',
      'in',
      DEMO_USERS.map((u) => u.username),
    )
    .execute();
  const open: string[] = [];
  for (const demo of DEMO_USERS) {
    const row = rows.find((r) => r.username === demo.username);
    if (row?.active && (await verifyPassword(demo.password, row.password_hash))) open.push(demo.username);
  }
  if (open.length > 0) {
    throw new StartupRefusal(
      `production mode, and the demo user(s) ${open.join(', ')} still sign in with the demo password: deactivate them (npm run operator -- user deactivate <username>) or use a database without the demo world`,
    );
  }
}
