import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

describe('lookup coachTypes/:id', () => {
  let t: TestContext;
  let agent: string;
  let seller: string;
  beforeAll(async () => {
    t = await createTestContext();
    agent = await t.login('agent');
    seller = await t.login('seller');
  });
  afterAll(() => t.close());

  it("answers the company's distinct coach types by name, the names the trip search filters on", async () => {
    const res = await t.call('GET', '/api/lookup/coachTypes/1', { token: agent });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['AC Business', 'AC Sleeper', 'Non-AC Seater']);
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: 'AC Business' });
  });

  it('leaves out types with no active coach of the company', async () => {
    const padma = await t.db.selectFrom('companies').select('id').where('code', '=', 'PADMA').executeTakeFirstOrThrow();
    const sleeper = await t.db
      .selectFrom('coach_types')
      .select('id')
      .where('name', '=', 'AC Sleeper')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('coaches')
      .set({ active: 0 })
      .where('company_id', '=', padma.id)
      .where('coach_type_id', '=', sleeper.id)
      .execute();
    const res = await t.call('GET', `/api/lookup/coachTypes/${padma.id}`, { token: agent });
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['AC Business', 'Non-AC Seater']);
    await t.db
      .updateTable('coaches')
      .set({ active: 1 })
      .where('company_id', '=', padma.id)
      .where('coach_type_id', '=', sleeper.id)
      .execute();
  });

  it('needs a session, a valid id and one of the caller’s companies', async () => {
    expect((await t.call('GET', '/api/lookup/coachTypes/1')).body.reason).toBe('INVALID_SESSION');
    const bad = await t.call('GET', '/api/lookup/coachTypes/zero', { token: seller });
    expect([bad.status, bad.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
    const foreign = await t.call('GET', '/api/lookup/coachTypes/2', { token: seller });
    expect([foreign.status, foreign.body.reason]).toEqual([403, 'COMPANY_NOT_ALLOWED']);
  });
});
