import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D1, D2, knownTrade, type KnownTrade } from './known-trade';

/**
 * The reports without pages (sales details, omitted trips) answer at most
 * REPORT_MAX_ROWS rows as JSON and REPORT_FILE_MAX_ROWS in a file; past it
 * they refuse with 422 REPORT_TOO_LARGE and details.limit, on a real database
 * with the caps lowered to the known trade's size (D1 has 5 actions, D2 3).
 */
describe('report row caps (issue #14: no request can stall the counters)', () => {
  let k: KnownTrade;
  let t: KnownTrade['t'];

  beforeAll(async () => {
    k = await knownTrade({ REPORT_MAX_ROWS: '3', REPORT_FILE_MAX_ROWS: '5' });
    t = k.t;
  });
  afterAll(() => t.close());

  const get = async (path: string, format = 'json') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${path}?format=${format}`,
      headers: { authorization: `Bearer ${k.agent}` },
    });
    const body = String(res.headers['content-type']).startsWith('application/json') ? res.json() : null;
    return { status: res.statusCode, type: String(res.headers['content-type']), body };
  };

  it('sales details: up to the cap on screen, REPORT_TOO_LARGE with the limit past it', async () => {
    const fits = await get(`outletSalesDetails/${k.companyId}/${D2}/${D2}`);
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.rows).toHaveLength(3);

    for (const path of [
      `outletSalesDetails/${k.companyId}/${D1}/${D2}`,
      `outletSalesDetails/${k.companyId}/${D1}/${D1}`,
      `userSalesDetails/${k.companyId}/${D1}`,
    ]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(422);
      expect(refused.body).toMatchObject({ reason: 'REPORT_TOO_LARGE', details: { limit: 3 } });
    }
  });

  it('files keep their own, larger cap: a PDF or XLSX of 5 rows is sent, of 8 refused before any file byte', async () => {
    for (const format of ['pdf', 'xlsx']) {
      const file = await get(`outletSalesDetails/${k.companyId}/${D1}/${D1}`, format);
      expect(file.status, format).toBe(200);
      expect(file.type).not.toContain('json');
      expect((await get(`userSalesDetails/${k.companyId}/${D1}`, format)).status).toBe(200);

      const refused = await get(`outletSalesDetails/${k.companyId}/${D1}/${D2}`, format);
      expect(refused.status, format).toBe(422);
      expect(refused.body).toMatchObject({ reason: 'REPORT_TOO_LARGE', details: { limit: 5 } });
    }
  });

  it('omitted trips: the same caps', async () => {
    const within = await get(`omittedTripsReservationDetails/${k.companyId}/0/${D1}/2026-02-15`);
    expect(within.status).toBe(200);
    expect(within.body.rows).toHaveLength(1);

    // Omitting D1's trip puts its four reservations (S1, S2, S3, the booking) beside S5's.
    const trip = await t.db
      .selectFrom('reservations')
      .select('trip_id')
      .where('pnr', '=', k.pnr.s1)
      .executeTakeFirstOrThrow();
    await t.app.services.tripOperator.setState(trip.trip_id ?? 0, 'OMITTED');
    const refused = await get(`omittedTripsReservationDetails/${k.companyId}/0/${D1}/2026-02-15`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ reason: 'REPORT_TOO_LARGE', details: { limit: 3 } });
    const file = await get(`omittedTripsReservationDetails/${k.companyId}/0/${D1}/2026-02-15`, 'xlsx');
    expect(file.status).toBe(200);
  });
});
