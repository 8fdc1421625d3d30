/** Reservation status codes as keys of common:reservationStatus, the one set of their names. */
import { ReservationStatus } from '@agent-portal/contract';

export const STATUS_COLOURS: Record<ReservationStatus, string> = {
  [ReservationStatus.SOLD]: 'green',
  [ReservationStatus.BOOKED]: 'orange',
  [ReservationStatus.ADMIN_BOOKED]: 'purple',
  [ReservationStatus.CANCELLED]: 'red',
  [ReservationStatus.TRIP_MIGRATED]: 'blue',
  [ReservationStatus.OPEN]: 'geekblue',
  [ReservationStatus.LINKED]: 'cyan',
  [ReservationStatus.TRIP_MIGRATED_CANCELLED]: 'volcano',
};

export const statusKey = (status: number) => `common:reservationStatus.${status}`;
