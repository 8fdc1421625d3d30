import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

describe('lookup agentOutlets/:id', () => {
  let t: TestContext;
  let agent: string;
  let seller: string;
  const companyId = async (code: string) =>
    (await t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  beforeAll(async () => {
    t = await createTestContext();
    agent = await t.login('agent');
    seller = await t.login('seller');
  });
  afterAll(() => t.close());

  it("answers the demo agent's outlets by name, under each of its companies", async () => {
    for (const code of ['PADMA', 'MEGHNA']) {
      const res = await t.call('GET', `/api/lookup/agentOutlets/${await companyId(code)}`, { token: agent });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: expect.any(Number), code: 'OUT-1001', name: 'Motijheel Counter' },
        { id: expect.any(Number), code: 'OUT-1002', name: 'Uttara Counter' },
      ]);
    }
    // Another agent's user sees only its own agent's outlet.
    const doel = await t.call('GET', `/api/lookup/agentOutlets/${await companyId('PADMA')}`, { token: seller });
    expect(doel.body).toEqual([{ id: expect.any(Number), code: 'OUT-2001', name: 'Gabtoli Counter' }]);
  });

  it('offers exactly the outlets outletSalesByDateRange accepts', async () => {
    const padma = await companyId('PADMA');
    const listed = (await t.call('GET', `/api/lookup/agentOutlets/${padma}`, { token: agent })).body as {
      id: number;
      name: string;
    }[];
    for (const outlet of listed) {
      const res = await t.call(
        'GET',
        `/api/reports/outletSalesByDateRange/${padma}/${outlet.id}/2026-01-01/2026-01-15?format=json`,
        { token: agent },
      );
      expect([res.status, res.body.header.outlet]).toEqual([200, outlet.name]);
    }
    const gabtoli = await t.db
      .selectFrom('outlets')
      .select('id')
      .where('code', '=', 'OUT-2001')
      .executeTakeFirstOrThrow();
    const foreign = await t.call(
      'GET',
      `/api/reports/outletSalesByDateRange/${padma}/${gabtoli.id}/2026-01-01/2026-01-15?format=json`,
      { token: agent },
    );
    expect([foreign.status, foreign.body.reason]).toEqual([404, 'BRANCH_NOT_FOUND']);
  });

  it('needs a session, a valid id and one of the caller’s companies', async () => {
    const padma = await companyId('PADMA');
    const none = await t.call('GET', `/api/lookup/agentOutlets/${padma}`);
    expect([none.status, none.body.reason]).toEqual([401, 'INVALID_SESSION']);
    const bad = await t.call('GET', '/api/lookup/agentOutlets/zero', { token: agent });
    expect([bad.status, bad.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
    const foreign = await t.call('GET', `/api/lookup/agentOutlets/${await companyId('MEGHNA')}`, { token: seller });
    expect([foreign.status, foreign.body.reason]).toEqual([403, 'COMPANY_NOT_ALLOWED']);
  });

  it('is documented at /docs', async () => {
    const docs = await t.call('GET', '/docs/json');
    const op = docs.body.paths['/api/lookup/agentOutlets/{id}']?.get;
    expect(op?.summary).toMatch(/outlets of the caller's agent/);
  });
});
