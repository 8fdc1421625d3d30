import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { DEMO_USERS } from '../src/db/seed';
import { createTestContext, type TestContext } from './helpers';

const TABLES = [
  'companies',
  'countries',
  'cities',
  'stations',
  'routes',
  'route_stops',
  'coach_types',
  'coaches',
  'agents',
  'outlets',
  'roles',
  'permissions',
  'role_permissions',
  'user_roles',
  'user_companies',
  'agent_accounts',
  'agent_assigned_routes',
  'agent_route_commissions',
  'agent_coach_seat_limits',
  'agent_barred_coaches',
  'agent_barred_origins',
  'delayed_cancel_reasons',
] as const;

async function snapshot(db: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.selectFrom(table).selectAll().execute();
  out.users = (await db.selectFrom('users').selectAll().orderBy('id').execute()).map(
    ({ password_hash: _hash, ...rest }) => rest,
  );
  out.ledger = await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
  return out;
}

describe('demo world seed', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestContext(), createTestContext()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('is deterministic (same rows and ids on every run; only password salts differ)', async () => {
    expect(await snapshot(a.db)).toEqual(await snapshot(b.db));
  });

  it('has the shape the portal and later issues rely on', async () => {
    const count = async (table: (typeof TABLES)[number]) =>
      Number(
        (
          await a.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('companies')).toBe(2);
    expect(await count('cities')).toBe(6);
    expect(await count('routes')).toBeGreaterThanOrEqual(8);
    expect(await count('coaches')).toBeGreaterThanOrEqual(4);
    const stationsPerCity = await a.db
      .selectFrom('stations')
      .select(['city_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('city_id')
      .execute();
    for (const row of stationsPerCity) expect(Number(row.n)).toBeGreaterThanOrEqual(1);
    const withIntermediate = await a.db
      .selectFrom('route_stops')
      .select('route_id')
      .groupBy('route_id')
      .having((eb) => eb.fn.countAll(), '>', 2)
      .execute();
    expect(withIntermediate.length).toBeGreaterThanOrEqual(4);
    expect(await count('permissions')).toBe(28);
  });

  it('every demo user can sign in with the printed password', async () => {
    for (const user of DEMO_USERS) {
      const res = await a.call('POST', '/api/login', { body: { username: user.username, password: user.password } });
      expect(res.status, user.username).toBe(200);
    }
  });
});
