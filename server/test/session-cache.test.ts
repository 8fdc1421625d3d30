import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { createTestContext, userId, type TestContext } from './helpers';

/**
 * The principal cache (session/principal-cache): a token's caller is read
 * once and reused while the authentication epoch stands. Every test first
 * uses the token so its caller IS cached, then changes something, and the
 * very next request must see the change.
 */
describe('session principal cache', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const companies = (token: string) => t.call('GET', '/api/lookup/company', { token });
  const warm = async (token: string) => {
    expect((await companies(token)).status).toBe(200);
    expect((await companies(token)).status).toBe(200);
  };

  it('serves repeat requests without reading the user again', async () => {
    const token = await t.login('agent');
    await companies(token);
    const reads = vi.spyOn(t.app.services.users, 'accessOf');
    for (let i = 0; i < 5; i += 1) expect((await companies(token)).status).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    expect(t.app.services.sessions.cache.size).toBeGreaterThan(0);
  });

  it('logout refuses the next request at once', async () => {
    const token = await t.login('agent');
    await warm(token);
    expect((await t.call('POST', '/api/logout', { token })).status).toBe(200);
    const res = await companies(token);
    expect([res.status, res.body.reason]).toEqual([401, 'INVALID_SESSION']);
  });

  it("logout of one session leaves the user's other sessions working", async () => {
    const a = await t.login('agent');
    const b = await t.login('agent');
    await warm(a);
    await warm(b);
    await t.call('POST', '/api/logout', { token: a });
    expect((await companies(a)).status).toBe(401);
    expect((await companies(b)).status).toBe(200);
  });

  it('a user or agent deactivated straight in the database is refused on the next call', async () => {
    const deactivations = [
      {
        reason: 'USER_INACTIVE',
        setActive: (active: 0 | 1) =>
          t.db.updateTable('users').set({ active }).where('username', '=', 'agent').execute(),
      },
      {
        reason: 'AGENT_INACTIVE',
        setActive: (active: 0 | 1) =>
          t.db.updateTable('agents').set({ active }).where('code', '=', 'AG-1001').execute(),
      },
    ];
    for (const { reason, setActive } of deactivations) {
      const token = await t.login('agent');
      await warm(token);
      await setActive(0);
      // Refused as a sign-in would be (issue #32, item 5).
      expect((await companies(token)).body.reason).toBe(reason);
      await setActive(1);
    }
  });

  it('a session ended by another connection (the operator command line) is refused on the next call', async () => {
    const token = await t.login('agent');
    await warm(token);
    const other = openDatabase(t.config.database);
    try {
      await other
        .updateTable('sessions')
        .set({ ended_at: t.clock.now().toISOString(), end_reason: 'OPERATOR' })
        .where('ended_at', 'is', null)
        .execute();
    } finally {
      await other.destroy();
    }
    expect((await companies(token)).body.reason).toBe('INVALID_SESSION');
  });

  it('a company taken away or a permission revoked applies to the next call', async () => {
    const token = await t.login('seller');
    await warm(token);
    const before = (await companies(token)).body;
    const id = await userId(t.db, 'seller');
    const first = await t.db
      .selectFrom('user_companies')
      .select('company_id')
      .where('user_id', '=', id)
      .orderBy('company_id')
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('user_companies')
      .where('user_id', '=', id)
      .where('company_id', '=', first.company_id)
      .execute();
    const after = (await companies(token)).body;
    expect(after).not.toEqual(before);

    const agent = await t.login('agent');
    const lock = () =>
      t.call('POST', '/api/reservation/seatLock', {
        token: agent,
        body: { tripId: 1, originStationId: 1, destinationStationId: 2, lock: [], release: [] },
      });
    expect((await lock()).body.reason).not.toBe('PERMISSION_DENIED');
    const perms = await t.db
      .selectFrom('permissions')
      .select('id')
      .where('name', 'in', ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_MIGRATE_TRIP'])
      .execute();
    await t.db
      .deleteFrom('role_permissions')
      .where(
        'permission_id',
        'in',
        perms.map((p) => p.id),
      )
      .execute();
    expect((await lock()).body.reason).toBe('PERMISSION_DENIED');
  });

  it('idle expiry still applies to a cached caller', async () => {
    const token = await t.login('agent');
    await warm(token);
    t.clock.advanceHours(t.config.sessionIdleHours);
    expect((await companies(token)).body.reason).toBe('INVALID_SESSION');
  });
});
