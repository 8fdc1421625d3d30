import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, makeUser, sell, sellingContext, type Ctx } from './fixtures';

describe('POST /api/reservation/printable', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const printable = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/reservation/printable', { token, body });

  it("gives the full tickets of the caller's agent, also those another user of the agent sold, and never a PIN", async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 3, coach: 'P-201' });
    const mine = await sell(t, agent, trip, ['A1', 'A2']);
    const colleague = await makeUser(t, 'colleague', ['AGENT_CREATE_RESERVATION', 'AGENT_PRINT_TICKET']);
    const theirs = await sell(t, colleague, trip, ['B1']);

    const res = await printable(agent, { companyId: trip.companyId, pnrs: [mine.pnr, theirs.pnr.toLowerCase()] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byPnr = new Map((res.body as { pnr: string }[]).map((r) => [r.pnr, r]));
    expect(byPnr.get(mine.pnr)).toMatchObject({ pnr: mine.pnr, status: 1, seats: [{ name: 'A1' }, { name: 'A2' }] });
    expect(byPnr.get(theirs.pnr)).toMatchObject({ pnr: theirs.pnr, agentUser: 'colleague' });
    for (const ticket of res.body as Record<string, unknown>[]) expect(ticket).not.toHaveProperty('pin');
  });

  it("leaves out PNRs that are unknown or another agent's", async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 4, coach: 'P-201' });
    const outsider = await makeUser(t, 'outsider', ['AGENT_CREATE_RESERVATION', 'AGENT_PRINT_TICKET'], {
      agent: 'AG-1002',
    });
    const foreign = await sell(t, outsider, trip, ['C1']);
    const res = await printable(agent, { companyId: trip.companyId, pnrs: [foreign.pnr, 'ZZZZZZZZZZ'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('needs AGENT_PRINT_TICKET, one of the caller companies and well-formed PNRs', async () => {
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 5 });
    const seller = await t.login('seller');
    expect((await printable(seller, { companyId: trip.companyId, pnrs: ['ABCDEFGHIJ'] })).body.reason).toBe(
      'PERMISSION_DENIED',
    );
    const padmaOnly = await makeUser(t, 'padma-printer', ['AGENT_PRINT_TICKET'], { companies: ['PADMA'] });
    const meghna = (
      await t.db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow()
    ).id;
    expect((await printable(padmaOnly, { companyId: meghna, pnrs: ['ABCDEFGHIJ'] })).body.reason).toBe(
      'COMPANY_NOT_ALLOWED',
    );
    const bad = await printable(agent, { companyId: trip.companyId, pnrs: ['short'] });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('VALIDATION_FAILED');
    expect((await printable(agent, { companyId: trip.companyId, pnrs: [] })).status).toBe(400);
  });
});
