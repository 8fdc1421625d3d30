import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

describe('lookups', () => {
  let t: TestContext;
  let agent: string;
  let seller: string;
  beforeAll(async () => {
    t = await createTestContext();
    agent = await t.login('agent');
    seller = await t.login('seller');
  });
  afterAll(() => t.close());

  const sessionEndpoints: ['GET' | 'POST', string, unknown?][] = [
    ['GET', '/api/lookup/country'],
    ['GET', '/api/lookup/company'],
    ['GET', '/api/lookup/city'],
    ['GET', '/api/lookup/agentCity/1'],
    ['GET', '/api/lookup/agentRoute/1'],
    ['GET', '/api/lookup/delayedCancelReasonList'],
    ['POST', '/api/lookup/busStation', { companyId: 1 }],
    ['POST', '/api/lookup/route', { companyId: 1 }],
  ];

  it.each(sessionEndpoints)('%s %s needs a session', async (method, url, body) => {
    const res = await t.call(method, url, { body });
    expect([res.status, res.body.reason]).toEqual([401, 'INVALID_SESSION']);
  });

  it('country: Bangladesh first, with dialling codes', async () => {
    const res = await t.call('GET', '/api/lookup/country', { token: agent });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ id: 1, code: 'BD', name: 'Bangladesh', dialCode: '+880' });
    expect(res.body.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['IN', 'NP', 'BT']));
  });

  it("company: only the caller's companies", async () => {
    expect((await t.call('GET', '/api/lookup/company', { token: agent })).body).toEqual([
      { id: 1, code: 'PADMA', name: 'Padma Paribahan' },
      { id: 2, code: 'MEGHNA', name: 'Meghna Express' },
    ]);
    expect((await t.call('GET', '/api/lookup/company', { token: seller })).body).toEqual([
      { id: 1, code: 'PADMA', name: 'Padma Paribahan' },
    ]);
  });

  it('city: six cities with Bengali names', async () => {
    const res = await t.call('GET', '/api/lookup/city', { token: seller });
    expect(res.body).toHaveLength(6);
    expect(res.body).toContainEqual({ id: 1, name: 'Dhaka', nameBn: 'ঢাকা' });
    expect(res.body).toContainEqual(expect.objectContaining({ name: "Cox's Bazar", nameBn: 'কক্সবাজার' }));
  });

  it('delayedCancelReasonList: reasons in English and Bengali', async () => {
    const res = await t.call('GET', '/api/lookup/delayedCancelReasonList', { token: seller });
    expect(res.body.length).toBeGreaterThan(3);
    expect(res.body[0]).toEqual({ id: 1, reason: 'Passenger fell ill', reasonBn: 'যাত্রী অসুস্থ' });
  });

  it("agentRoute/:id: the agent's assigned routes of that company, stops in order", async () => {
    const res = await t.call('GET', '/api/lookup/agentRoute/1', { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { code: string }) => r.code)).toEqual(['DHK-CTG', 'DHK-RAJ']);
    expect(res.body[0].stations.map((s: { cityName: string }) => s.cityName)).toEqual([
      'Dhaka',
      'Cumilla',
      'Chattogram',
    ]);
  });

  it("agentCity/:id: the cities on the agent's assigned routes", async () => {
    const res = await t.call('GET', '/api/lookup/agentCity/1', { token: seller });
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Dhaka', 'Chattogram', 'Cumilla', 'Rajshahi']);
  });

  it('agentCity and agentRoute: bad id -> 400, foreign company -> COMPANY_NOT_ALLOWED', async () => {
    for (const path of ['agentCity', 'agentRoute']) {
      const bad = await t.call('GET', `/api/lookup/${path}/zero`, { token: seller });
      expect([bad.status, bad.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
      expect(bad.body.details.fields).toHaveProperty('id');
      const foreign = await t.call('GET', `/api/lookup/${path}/2`, { token: seller });
      expect([foreign.status, foreign.body.reason]).toEqual([403, 'COMPANY_NOT_ALLOWED']);
    }
  });

  it("busStation: stations on the company's routes, optionally in one city", async () => {
    const all = await t.call('POST', '/api/lookup/busStation', { token: agent, body: { companyId: 1 } });
    expect(all.status).toBe(200);
    expect(all.body.map((s: { name: string }) => s.name)).not.toContain('Jangalia');
    const dhaka = await t.call('POST', '/api/lookup/busStation', { token: agent, body: { companyId: 1, cityId: 1 } });
    expect(dhaka.body.map((s: { name: string }) => s.name)).toEqual(['Sayedabad', 'Gabtoli', 'Mohakhali']);
    expect(dhaka.body[0]).toEqual({ id: 1, name: 'Sayedabad', nameBn: 'সায়েদাবাদ', cityId: 1, cityName: 'Dhaka' });
    const cumilla = await t.call('POST', '/api/lookup/busStation', { token: agent, body: { companyId: 2, cityId: 3 } });
    expect(cumilla.body.map((s: { name: string }) => s.name)).toEqual(['Jangalia']);
  });

  it('route: company routes, optionally between two cities in travel order', async () => {
    const all = await t.call('POST', '/api/lookup/route', { token: agent, body: { companyId: 1 } });
    expect(all.body).toHaveLength(5);
    const toCtg = await t.call('POST', '/api/lookup/route', {
      token: agent,
      body: { companyId: 1, originCityId: 1, destinationCityId: 2 },
    });
    expect(toCtg.body.map((r: { code: string }) => r.code)).toEqual(['DHK-CTG', 'DHK-COX']);
    const fromCtg = await t.call('POST', '/api/lookup/route', {
      token: agent,
      body: { companyId: 1, originCityId: 2 },
    });
    expect(fromCtg.body.map((r: { code: string }) => r.code)).toEqual(['CTG-DHK', 'DHK-COX']);
    const intoCumilla = await t.call('POST', '/api/lookup/route', {
      token: agent,
      body: { companyId: 1, destinationCityId: 3 },
    });
    expect(intoCumilla.body.map((r: { code: string }) => r.code)).toEqual(['DHK-CTG', 'CTG-DHK']);
  });

  it('busStation and route: bad body -> 400 with fields, foreign company -> COMPANY_NOT_ALLOWED', async () => {
    for (const path of ['busStation', 'route']) {
      const bad = await t.call('POST', `/api/lookup/${path}`, { token: seller, body: { companyId: 'one' } });
      expect([bad.status, bad.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
      expect(bad.body.details.fields).toHaveProperty('companyId');
      const foreign = await t.call('POST', `/api/lookup/${path}`, { token: seller, body: { companyId: 2 } });
      expect([foreign.status, foreign.body.reason]).toEqual([403, 'COMPANY_NOT_ALLOWED']);
    }
  });
});
