import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../../src/config';
import { databaseUrlOf } from '../helpers';
import { findTrip, lock, sellingContext, type Ctx } from './fixtures';

/**
 * Several processes on one database: the server (this test's app) and
 * operator command lines racing for the same seat. On SQLite BEGIN IMMEDIATE,
 * tried again while another process holds the write lock
 * (db/sqlite-connection.ts), makes them queue for it instead of failing; on
 * PostgreSQL serializable units (db/units.ts) let one through and run the
 * others again, which then find the seat taken.
 */
describe('several processes on one database', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  it('exactly one of four operator processes holds a seat; the server sees it taken', async () => {
    const run = promisify(execFile);
    const tsx = path.join(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');
    const env = { ...process.env, DATABASE_URL: databaseUrlOf(t.config), LOG_LEVEL: 'silent' };
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 9 });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(tsx, ['src/cli.ts', 'seat', 'admin-book', String(trip.tripId), 'A1'], { cwd: SERVER_DIR, env }).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.code === 0)).toHaveLength(1);
    expect(outcomes.filter((o) => o.code === 1).every((o) => o.out.includes('SEAT_UNAVAILABLE'))).toBe(true);
    const agent = await t.login('agent');
    expect((await lock(t, agent, trip, ['A1'])).body.reason).toBe('SEAT_UNAVAILABLE');
  }, 60_000);
});
