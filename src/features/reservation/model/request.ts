/** The createReservation body of a confirmed preview, built in one place for every kind. */
import type { CreateReservationRequest, RESERVATION_KINDS } from '@agent-portal/contract';
import { normalisePhone, type PassengerValues } from './passenger';

/** What a preview sells: a trip sale, a booking, an open ticket or a migration. */
export type ReservationKind = (typeof RESERVATION_KINDS)[number];

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

export interface TripSale {
  kind: 'SELL' | 'BOOK' | 'MIGRATE';
  companyId: number;
  tripId: number;
  originStationId: number;
  destinationStationId: number;
  seats: readonly string[];
  couponCode: string | null;
  migrateFrom: { pnr: string; pin: string } | null;
}

export interface OpenSale {
  kind: 'OPEN';
  companyId: number;
  routeId: number;
  originStationId: number;
  destinationStationId: number;
  seatType: NonNullable<CreateReservationRequest['seatType']>;
  seatCount: number;
  couponCode: string | null;
}

export function reservationBody(sale: TripSale | OpenSale, passenger: PassengerValues): CreateReservationRequest {
  const common = {
    companyId: sale.companyId,
    originStationId: sale.originStationId,
    destinationStationId: sale.destinationStationId,
    passenger: passengerBody(passenger),
  };
  if (sale.kind === 'OPEN') {
    return {
      ...common,
      kind: 'OPEN',
      routeId: sale.routeId,
      seatType: sale.seatType,
      seatCount: sale.seatCount,
      ...(sale.couponCode ? { couponCode: sale.couponCode } : {}),
    };
  }
  return {
    ...common,
    kind: sale.kind,
    tripId: sale.tripId,
    seats: [...sale.seats].sort(),
    // A migration keeps what was paid; coupons apply to new sales only.
    ...(sale.couponCode && sale.kind !== 'MIGRATE' ? { couponCode: sale.couponCode } : {}),
    ...(sale.kind === 'MIGRATE' && sale.migrateFrom ? { migrateFrom: sale.migrateFrom } : {}),
  };
}
