import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, sell, sellingContext, seg, type Ctx } from './fixtures';

describe('smoke', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  it('sells a seat', async () => {
    const token = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const details = await t.call('POST', '/api/trip/details', { token, body: seg(trip) });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const r = await sell(t, token, trip, ['A1']);
    expect(r.status).toBe(1);
    expect(r.pin).toMatch(/^\d{6}$/);
  });
});
