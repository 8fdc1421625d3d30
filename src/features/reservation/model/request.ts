/** The createReservation body of a confirmed preview, built in one place for every kind. */
import type { CreateReservationRequest, CreateReservationRequestOf, ReservationKind } from '@agent-portal/contract';
import { normalisePhone, type PassengerValues } from './passenger';

/** What a preview sells: a trip sale, a booking, an open ticket or a migration. */
export type { ReservationKind };

export function passengerBody(values: PassengerValues): CreateReservationRequest['passenger'] {
  const email = values.email?.trim();
  const remarks = values.remarks?.trim();
  return {
    phone: normalisePhone(values.phone),
    countryCode: values.countryCode || 'BD',
    name: values.name.trim(),
    ...(email ? { email } : {}),
    ...(remarks ? { remarks } : {}),
  };
}

interface Stops {
  companyId: number;
  originStationId: number;
  destinationStationId: number;
}

/** A trip's seats sold or booked, with a coupon perhaps. */
export interface SeatSale extends Stops {
  kind: 'SELL' | 'BOOK';
  tripId: number;
  seats: readonly string[];
  couponCode: string | null;
}

/** A trip's seats for a sold or open reservation (its PNR and PIN), which they replace: no coupon. */
export interface Migration extends Stops {
  kind: 'MIGRATE';
  tripId: number;
  seats: readonly string[];
  migrateFrom: { pnr: string; pin: string };
}

export type TripSale = SeatSale | Migration;

export interface OpenSale extends Stops {
  kind: 'OPEN';
  routeId: number;
  seatType: CreateReservationRequestOf<'OPEN'>['seatType'];
  seatCount: number;
  couponCode: string | null;
}

/** The createReservation body of each kind, as the contract's schema of that kind has it. */
export function reservationBody(sale: OpenSale, passenger: PassengerValues): CreateReservationRequestOf<'OPEN'>;
export function reservationBody(
  sale: TripSale,
  passenger: PassengerValues,
): CreateReservationRequestOf<TripSale['kind']>;
export function reservationBody(sale: TripSale | OpenSale, passenger: PassengerValues): CreateReservationRequest;
export function reservationBody(sale: TripSale | OpenSale, passenger: PassengerValues): CreateReservationRequest {
  const common = {
    companyId: sale.companyId,
    originStationId: sale.originStationId,
    destinationStationId: sale.destinationStationId,
    passenger: passengerBody(passenger),
  };
  switch (sale.kind) {
    case 'OPEN':
      return {
        ...common,
        kind: 'OPEN',
        routeId: sale.routeId,
        seatType: sale.seatType,
        seatCount: sale.seatCount,
        ...(sale.couponCode ? { couponCode: sale.couponCode } : {}),
      } satisfies CreateReservationRequestOf<'OPEN'>;
    case 'MIGRATE':
      // A migration keeps what was paid; coupons apply to new sales only.
      return {
        ...common,
        kind: 'MIGRATE',
        tripId: sale.tripId,
        seats: [...sale.seats].sort(),
        migrateFrom: sale.migrateFrom,
      } satisfies CreateReservationRequestOf<'MIGRATE'>;
    default:
      return {
        ...common,
        kind: sale.kind,
        tripId: sale.tripId,
        seats: [...sale.seats].sort(),
        ...(sale.couponCode ? { couponCode: sale.couponCode } : {}),
      } satisfies CreateReservationRequestOf<'SELL' | 'BOOK'>;
  }
}
