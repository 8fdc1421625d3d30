import { PERMISSIONS, RESERVATION_PERMISSIONS, accountSchema, profileSchema } from '@agent-portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

describe('GET /api/profile/:companyId', () => {
  let t: TestContext;
  let agent: string;
  let seller: string;
  beforeAll(async () => {
    t = await createTestContext();
    agent = await t.login('agent');
    seller = await t.login('seller');
  });
  afterAll(() => t.close());

  it('answers every profile section for the full-permission agent', async () => {
    const res = await t.call('GET', '/api/profile/1', { token: agent });
    expect(res.status).toBe(200);
    const profile = profileSchema.parse(res.body);
    expect(profile).toMatchObject({
      username: 'agent',
      fullName: 'Rahim Uddin',
      agent: { name: 'Shapla Travels', code: 'AG-1001' },
      outlet: { name: 'Motijheel Counter', code: 'OUT-1001' },
      company: { id: 1, code: 'PADMA', name: 'Padma Paribahan' },
      passwordValidity: 90,
      homepage: null,
      plan: { name: 'PREPAID', displayName: 'Prepaid' },
      // The portal shows every instant in this zone and sets its clock by the server's.
      timeZone: 'Asia/Dhaka',
      serverTime: '2026-01-15T06:00:00.000Z',
    });
    expect(profile.roles.flatMap((r) => r.permissions.map((p) => p.name)).sort()).toEqual([...PERMISSIONS].sort());
    expect(profile.coachSeatLimits).toContainEqual({ coachType: 'AC Business', limit: -999 });
    expect(profile.coachSeatLimits).toContainEqual({ coachType: 'AC Sleeper', limit: 4 });
    expect(profile.assignedRoutes.map((r) => r.code)).toEqual(['DHK-CTG', 'CTG-DHK', 'DHK-COX', 'DHK-SYL']);
    expect(profile.routeCommissions).toContainEqual({
      routeId: 4,
      routeName: 'Dhaka - Sylhet',
      type: 'PERCENT',
      value: 2.5,
    });
    expect(profile.routeCommissions).toContainEqual(expect.objectContaining({ type: 'FIXED', value: 50 }));
    expect(profile.barredCoaches).toEqual([{ coachCode: 'P-202', reason: 'Counter dues pending with the operator' }]);
    expect(profile.barredOrigins).toEqual([
      { stationId: expect.any(Number), stationName: 'Cumilla Bypass', cityName: 'Cumilla' },
    ]);
  });

  it('shows the settings of the company asked for', async () => {
    const res = await t.call('GET', '/api/profile/2', { token: agent });
    expect(res.body.company.code).toBe('MEGHNA');
    expect(res.body.barredCoaches).toEqual([]);
    expect(res.body.assignedRoutes.map((r: { code: string }) => r.code)).toEqual([
      'DHK-CTG',
      'DHK-COX',
      'DHK-SYL',
      'DHK-RAJ',
    ]);
  });

  it('gives the seller only the six reservation permissions', async () => {
    const res = await t.call('GET', '/api/profile/1', { token: seller });
    expect(
      res.body.roles.flatMap((r: { permissions: { name: string }[] }) => r.permissions.map((p) => p.name)),
    ).toEqual([...RESERVATION_PERMISSIONS]);
  });

  it('ignores a permission name the contract does not know', async () => {
    const { id } = await t.db
      .insertInto('permissions')
      .values({ name: 'LEGACY_SUPERPOWER' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Counter Seller')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: id }).execute();
    const res = await t.call('GET', '/api/profile/1', { token: seller });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('LEGACY_SUPERPOWER');
    await t.db.deleteFrom('role_permissions').where('permission_id', '=', id).execute();
  });

  it('reports days left for an expiring password', async () => {
    const token = await t.login('expiring');
    expect((await t.call('GET', '/api/profile/1', { token })).body.passwordValidity).toBe(3);
  });

  it('needs a session', async () => {
    const res = await t.call('GET', '/api/profile/1');
    expect([res.status, res.body.reason]).toEqual([401, 'INVALID_SESSION']);
  });

  it('refuses a malformed company id with field details', async () => {
    const res = await t.call('GET', '/api/profile/abc', { token: agent });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
    expect(res.body.details.fields).toHaveProperty('companyId');
  });

  it("refuses another company's profile with COMPANY_NOT_ALLOWED", async () => {
    const res = await t.call('GET', '/api/profile/2', { token: seller });
    expect([res.status, res.body.reason]).toEqual([403, 'COMPANY_NOT_ALLOWED']);
    expect((await t.call('GET', '/api/profile/999', { token: agent })).body.reason).toBe('COMPANY_NOT_ALLOWED');
  });
});

describe('GET /api/account/:companyId', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers a prepaid balance from the ledger', async () => {
    const token = await t.login('agent');
    const res = await t.call('GET', '/api/account/1', { token });
    expect(res.status).toBe(200);
    expect(accountSchema.parse(res.body)).toEqual({
      companyId: 1,
      plan: { name: 'PREPAID', displayName: 'Prepaid' },
      balance: 50000,
      bill: 0,
      creditLimit: null,
      currency: { code: 'BDT', symbol: '৳' },
    });
    expect((await t.call('GET', '/api/account/2', { token })).body.balance).toBe(25000);
  });

  it('answers a postpaid bill (what is owed) and credit limit', async () => {
    const token = await t.login('postpaid');
    const meghna = await t.call('GET', '/api/account/2', { token });
    expect(meghna.body).toMatchObject({
      plan: { name: 'POSTPAID', displayName: 'Postpaid' },
      balance: -12500,
      bill: 12500,
      creditLimit: 100000,
    });
    const padma = await t.call('GET', '/api/account/1', { token });
    expect(padma.body).toMatchObject({ balance: 0, bill: 0, creditLimit: 50000 });
  });

  it('follows ledger postings, in paisa, with decimals on the wire', async () => {
    const token = await t.login('seller');
    const account = await t.app.services.accounts.accountRow(2, 1);
    await t.app.services.accounts.postAlone({
      accountId: account.id,
      entryType: 'DEBIT',
      amountMinor: 123_45,
      kind: 'SALE',
    });
    await t.app.services.accounts.postAlone({
      accountId: account.id,
      entryType: 'CREDIT',
      amountMinor: 6_17,
      kind: 'COMMISSION',
    });
    const res = await t.call('GET', '/api/account/1', { token });
    expect(res.body.balance).toBe(19882.72);
  });

  it('needs a session, a valid id and one of the caller’s companies', async () => {
    expect((await t.call('GET', '/api/account/1')).body.reason).toBe('INVALID_SESSION');
    const token = await t.login('seller');
    const bad = await t.call('GET', '/api/account/-3', { token });
    expect([bad.status, bad.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.body.details.fields).toHaveProperty('companyId');
    const foreign = await t.call('GET', '/api/account/2', { token });
    expect([foreign.status, foreign.body.reason]).toEqual([403, 'COMPANY_NOT_ALLOWED']);
  });
});

describe('ledger', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('keeps balance = sum of rows = last balance-after for every seeded account', async () => {
    const report = await t.app.services.accounts.ledgerReport();
    expect(report.length).toBe(5);
    for (const account of report) {
      expect(account.runningOk).toBe(true);
      expect(account.sumMinor).toBe(account.lastBalanceMinor);
    }
  });

  it('holds the invariant after random sequences of postings (property)', async () => {
    const account = await t.app.services.accounts.accountRow(1, 1);
    const posting = fc.record({ credit: fc.boolean(), amountMinor: fc.integer({ min: 1, max: 10_000_000 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 15 }), async (postings) => {
        const before = (await t.app.services.accounts.ledgerReport()).find((r) => r.accountId === account.id)!.sumMinor;
        let expected = before;
        // Interleave the postings as concurrent requests would arrive.
        await Promise.all(
          postings.map((p) => {
            expected += p.credit ? p.amountMinor : -p.amountMinor;
            return t.app.services.accounts.postAlone({
              accountId: account.id,
              entryType: p.credit ? 'CREDIT' : 'DEBIT',
              amountMinor: p.amountMinor,
              kind: 'TEST',
            });
          }),
        );
        const row = (await t.app.services.accounts.ledgerReport()).find((r) => r.accountId === account.id);
        expect(row).toEqual({ accountId: account.id, sumMinor: expected, lastBalanceMinor: expected, runningOk: true });
      }),
      { numRuns: 25, seed: 20260115 },
    );
  });

  it('is append-only in the database itself', async () => {
    await expect(t.db.updateTable('ledger_entries').set({ amount_minor: 1 }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/);
  });

  it('refuses a non-positive amount', async () => {
    const account = await t.app.services.accounts.accountRow(1, 1);
    await expect(
      t.app.services.accounts.postAlone({ accountId: account.id, entryType: 'CREDIT', amountMinor: 0, kind: 'TEST' }),
    ).rejects.toThrow();
  });
});
