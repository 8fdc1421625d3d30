/** A second server process for the PostgreSQL tests: what a load balancer sees of it, on a DATABASE_URL of its own. */
import { buildApp } from '../../src/app';
import { closeDatabase, openDatabase } from '../../src/db/database';
import { callerOf, loginWith } from '../helpers';
import type { Ctx } from '../selling/fixtures';

/** Another server process on the same database as `t`, reaching it through `url` (its own pool, no connection yet). */
export async function anotherProcess(t: Ctx, url: URL) {
  const config = { ...t.config, database: { ...t.config.database, url: url.toString() } };
  const db = openDatabase(config.database);
  const app = await buildApp({ config, db, clock: t.clock });
  /** The load balancer's probes: readiness (reads the database) and liveness (does not). */
  const probe = async (path: '/api/health' | '/api/ready') => {
    const res = await app.inject({ method: 'GET', url: path });
    return {
      status: res.statusCode,
      reason: res.statusCode === 200 ? null : (res.json() as { reason: string }).reason,
    };
  };
  const close = async () => {
    await app.close();
    await closeDatabase(db);
  };
  const call = callerOf(app);
  /** `t` as seen through this process: its app and pool, the same clock, config and folder. */
  const ctx: Ctx = { ...t, app, db, call, login: loginWith(call), close };
  return { app, db, probe, close, ctx };
}
