import { describe, expect, it } from 'vitest';
import { createReservationRequestSchema } from '@agent-portal/contract';
import { reservationBody, type OpenSale, type TripSale } from './request';

const passenger = { countryCode: 'BD', phone: '017-1122 3344', name: ' Rahim ' };
const stops = { companyId: 1, originStationId: 11, destinationStationId: 14 };

describe('reservationBody: the createReservation body of each kind', () => {
  it('sells and books a trip’s seats (sorted), with the coupon', () => {
    const sale: TripSale = { ...stops, kind: 'BOOK', tripId: 7, seats: ['B2', 'A1'], couponCode: 'FLAT50' };
    const body = reservationBody(sale, passenger);
    expect(body).toEqual({
      ...stops,
      kind: 'BOOK',
      tripId: 7,
      seats: ['A1', 'B2'],
      couponCode: 'FLAT50',
      passenger: { phone: '01711223344', countryCode: 'BD', name: 'Rahim' },
    });
    expect(createReservationRequestSchema.safeParse(body).success).toBe(true);
  });

  it('migrates with the source’s PNR and PIN, never a coupon', () => {
    const sale: TripSale = {
      ...stops,
      kind: 'MIGRATE',
      tripId: 7,
      seats: ['C1'],
      migrateFrom: { pnr: 'ABCDE12345', pin: '123456' },
    };
    const body = reservationBody(sale, passenger);
    expect(body).toMatchObject({ kind: 'MIGRATE', seats: ['C1'], migrateFrom: { pnr: 'ABCDE12345', pin: '123456' } });
    expect(body).not.toHaveProperty('couponCode');
    expect(createReservationRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sells an open ticket: route, seat type and count, no trip or seats', () => {
    const sale: OpenSale = { ...stops, kind: 'OPEN', routeId: 3, seatType: 'Standard', seatCount: 2, couponCode: null };
    const body = reservationBody(sale, passenger);
    expect(body).toMatchObject({ kind: 'OPEN', routeId: 3, seatType: 'Standard', seatCount: 2 });
    for (const field of ['tripId', 'seats', 'couponCode']) expect(body).not.toHaveProperty(field);
    expect(createReservationRequestSchema.safeParse(body).success).toBe(true);
  });

  it('the contract refuses a body of a kind without that kind’s fields', () => {
    const { seatCount: _left, ...open } = reservationBody(
      { ...stops, kind: 'OPEN', routeId: 3, seatType: 'Standard', seatCount: 2, couponCode: null },
      passenger,
    );
    const parsed = createReservationRequestSchema.safeParse(open);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['seatCount', 'required']]);
  });
});
