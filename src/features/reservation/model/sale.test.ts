import { ReservationStatus, type Coupon, type Reservation, type TripSummary } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { soldReservation } from '../../../test/reservation-fixture';
import { EMPTY_SALE, maxSelectable, saleReducer, segmentOf, type SaleState } from './sale';

const trip = { tripId: 7, origin: { stationId: 1 }, destination: { stationId: 3 } } as TripSummary;
const coupon = { couponCode: 'PCT10' } as Coupon;
const stops = [{ stationId: 1 }, { stationId: 2 }, { stationId: 3 }];
const picked = saleReducer(EMPTY_SALE, { type: 'tripPicked', trip });

describe('the sale on the reservation screen', () => {
  it('a picked trip is sold from its first stop to its last, and the segment is that', () => {
    expect(segmentOf(picked)).toEqual({ tripId: 7, originStationId: 1, destinationStationId: 3 });
    expect(segmentOf(EMPTY_SALE)).toBeNull();
  });

  it('a new trip drops the coupon and the last result and shows its details', () => {
    const busy: SaleState = { ...picked, coupon, result: soldReservation(), tab: 'passengers' };
    expect(saleReducer(busy, { type: 'tripPicked', trip: { ...trip, tripId: 8 } })).toMatchObject({
      coupon: null,
      result: null,
      tab: 'details',
      boardingId: 1,
      droppingId: 3,
    });
  });

  it('another boarding point drops the coupon, and a dropping point before it becomes the last stop', () => {
    const withCoupon = { ...picked, coupon, droppingId: 2 };
    expect(
      saleReducer(withCoupon, { type: 'boardingChosen', stationId: 2, boardingPoints: stops, droppingPoints: stops }),
    ).toMatchObject({ boardingId: 2, droppingId: 2, coupon: null });
    const early = { ...picked, boardingId: 1, droppingId: 1 };
    expect(
      saleReducer(early, { type: 'boardingChosen', stationId: 2, boardingPoints: stops, droppingPoints: stops })
        .droppingId,
    ).toBe(3);
  });

  it('a placed sale is shown and printable; the coupon and the migration are used up', () => {
    const sale = soldReservation({ pnr: 'AAAA000001' });
    const placed = saleReducer(
      { ...picked, coupon, migration: { reservation: sale, pin: '123456' } },
      { type: 'placed', reservation: sale },
    );
    expect(placed).toMatchObject({ result: sale, lastTicket: sale, coupon: null, migration: null });
  });

  it('a print answer updates the ticket on screen but keeps the PIN the sale gave', () => {
    const sale = soldReservation({ pnr: 'AAAA000001', pin: '654321', printCount: 0 });
    const printed = saleReducer(
      { ...picked, result: sale, lastTicket: sale },
      { type: 'printed', reservation: { ...sale, pin: undefined, printCount: 1 } },
    );
    expect(printed.result).toMatchObject({ pin: '654321', printCount: 1 });
    expect(printed.lastTicket?.printCount).toBe(1);
  });

  it('a new sale keeps the trip for the next passenger and clears the rest', () => {
    const closed = saleReducer({ ...picked, coupon, result: soldReservation() }, { type: 'closed' });
    expect(closed).toMatchObject({ trip, boardingId: 1, droppingId: 3, coupon: null, result: null, migration: null });
  });

  it('a migration moves exactly the seats the ticket still holds; a sale up to the maximum', () => {
    const two = soldReservation();
    const source: Reservation = {
      ...two,
      status: ReservationStatus.SOLD,
      seats: two.seats.map((s, i) => ({
        ...s,
        status: i === 0 ? ReservationStatus.SOLD : ReservationStatus.CANCELLED,
      })),
    };
    expect(
      maxSelectable(saleReducer(picked, { type: 'migrationStarted', source: { reservation: source, pin: '1' } })),
    ).toBe(1);
    expect(maxSelectable(picked)).toBeGreaterThan(1);
  });
});
