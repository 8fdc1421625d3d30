/**
 * createReservation and its quote take one body per kind (the contract's discriminated union): a body missing a field
 * its kind requires is refused at validation, 400 VALIDATION_FAILED naming each missing field, nothing written; a
 * field of another kind is checked and ignored, as always. The quote and the sale share their preparation
 * (reservation/sale-planner.ts), so they refuse a request alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, create, findTrip, passenger, seg, sellingContext, type Ctx, type TripRef } from './fixtures';

describe('createReservation and quote: the fields of each kind', () => {
  let t: Ctx;
  let agent: string;
  let trip: TripRef;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG' });
  });
  afterAll(() => t.close());

  const quote = (body: Record<string, unknown>) => t.call('POST', '/api/reservation/quote', { token: agent, body });
  const stops = () => ({
    companyId: trip.companyId,
    originStationId: trip.stations[0],
    destinationStationId: trip.stations[trip.stations.length - 1],
  });
  const reservations = async () =>
    Number(
      (
        await t.db
          .selectFrom('reservations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['SELL', {}, { tripId: 'required', seats: 'name 1 to 5 seats' }],
    ['SELL', { tripId: 1, seats: [] }, { seats: 'name 1 to 5 seats' }],
    ['BOOK', { seats: ['A1'] }, { tripId: 'required' }],
    ['OPEN', { tripId: 1, seats: ['A1'] }, { routeId: 'required', seatType: 'required', seatCount: 'required' }],
    ['OPEN', { routeId: 1, seatType: 'Standard' }, { seatCount: 'required' }],
    ['MIGRATE', { tripId: 1, seats: ['A1'] }, { migrateFrom: 'required' }],
  ] as const)('%s %j: 400 VALIDATION_FAILED naming %j, nothing written', async (kind, fields, missing) => {
    const before = [await balanceOf(t, agent, trip.companyId), await reservations()];
    const sale = await create(t, agent, { ...stops(), kind, ...fields, passenger: passenger() });
    expect([sale.status, sale.body]).toEqual([
      400,
      { reason: 'VALIDATION_FAILED', message: 'Some fields are invalid', details: { fields: missing } },
    ]);
    expect([await balanceOf(t, agent, trip.companyId), await reservations()]).toEqual(before);
    if (kind === 'MIGRATE') return; // nothing to quote: a migration is priced by validateTripMigration
    const quoted = await quote({ ...stops(), kind, ...fields });
    expect([quoted.status, quoted.body]).toEqual([
      400,
      { reason: 'VALIDATION_FAILED', message: 'Some fields are invalid', details: { fields: missing } },
    ]);
  });

  it('refuses a kind it does not know, naming the kind', async () => {
    const sale = await create(t, agent, { ...stops(), kind: 'GIFT', passenger: passenger() });
    expect([sale.status, sale.body.reason, Object.keys(sale.body.details.fields)]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['kind'],
    ]);
    const quoted = await quote({ ...stops(), kind: 'MIGRATE', tripId: trip.tripId, seats: ['A1'] });
    expect([quoted.status, quoted.body.reason, Object.keys(quoted.body.details.fields)]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['kind'],
    ]);
  });

  it('checks and ignores the fields of another kind, as before', async () => {
    const q = await quote({ ...seg(trip), companyId: trip.companyId, kind: 'SELL', seats: ['B1'], seatCount: 9 });
    expect([q.status, q.body.details?.fields]).toEqual([400, { seatCount: 'Too big: expected number to be <=5' }]);
    const meghna = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const ok = await quote({
      ...seg(meghna),
      companyId: meghna.companyId,
      kind: 'SELL',
      seats: ['B1'],
      routeId: meghna.routeId,
      seatType: 'Standard',
      seatCount: 3,
    });
    expect([ok.status, ok.body.seats?.map((s: { name: string }) => s.name)]).toEqual([200, ['B1']]);
  });

  it('the quote and the sale refuse a request alike (one SalePlanner)', async () => {
    const other = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    const trips = (kind: 'SELL' | 'BOOK', extra: Record<string, unknown>) => ({
      companyId: trip.companyId,
      kind,
      ...seg(trip),
      seats: ['C1'],
      ...extra,
    });
    const open = (extra: Record<string, unknown>) => ({
      ...stops(),
      kind: 'OPEN',
      routeId: trip.routeId,
      seatType: 'Standard',
      seatCount: 1,
      ...extra,
    });
    const cases: Record<string, unknown>[] = [
      trips('SELL', { seats: ['C1', 'C1'] }),
      trips('SELL', { seats: ['Z99'] }),
      trips('BOOK', { tripId: other.tripId }),
      trips('SELL', { originStationId: trip.stations[1], destinationStationId: trip.stations[0] }),
      open({ destinationStationId: trip.stations[0] }),
      open({ originStationId: trip.stations[1], destinationStationId: trip.stations[0] }),
      open({ routeId: other.routeId, companyId: other.companyId }),
    ];
    for (const body of cases) {
      const quoted = await quote(body);
      const sold = await create(t, agent, { ...body, passenger: passenger() });
      expect(quoted.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect([sold.status, sold.body], JSON.stringify(body)).toEqual([quoted.status, quoted.body]);
    }
  });
});
