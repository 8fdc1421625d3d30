/**
 * The enumerations as plain values (reservation and seat statuses, seat
 * types, ticket-operation actions, device types and statuses; the plans are
 * in plans.ts); their zod schemas are in ../enums.ts. Numeric codes are the wire values.
 */
export const ReservationStatus = {
  SOLD: 1,
  BOOKED: 2,
  ADMIN_BOOKED: 3,
  CANCELLED: 5,
  TRIP_MIGRATED: 10,
  OPEN: 12,
  LINKED: 13,
  TRIP_MIGRATED_CANCELLED: 14,
} as const;
export type ReservationStatus = (typeof ReservationStatus)[keyof typeof ReservationStatus];

export const SeatStatus = {
  AVAILABLE: 0,
  SOLD: 1,
  BOOKED: 2,
  ADMIN_BOOKED: 3,
  LINKED: 13,
} as const;
export type SeatStatus = (typeof SeatStatus)[keyof typeof SeatStatus];

export const SEAT_TYPES = ['Standard', 'Business', 'Extra', 'Sleeper', 'Sleeper Horizontal'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

/** Ticket-operation action codes, as numbered on the wire. */
export const ReservationAction = {
  CONFIRM_BOOKING: 1,
  CANCEL_TICKET: 2,
  CANCEL_ADMIN_BOOKED: 4,
  CANCEL_BOOKING: 5,
  EXTEND_BOOKING_TIME: 6,
  CONFIRM_ADMIN_BOOKING: 8,
  CONFIRM_LINKED: 9,
} as const;
export type ReservationAction = (typeof ReservationAction)[keyof typeof ReservationAction];

export const DEVICE_TYPES = ['AGENT_ANDROID', 'AGENT_ELECTRON'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_STATUSES = ['PENDING', 'APPROVED', 'INACTIVE'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
