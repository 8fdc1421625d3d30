/**
 * Enumerations (reservation and seat statuses, seat types, ticket-operation
 * actions, device types and statuses, plans, permissions), shared by the portal, the
 * desktop shell and the reference server. Numeric codes are the wire values.
 */
import { z } from 'zod';
import { PERMISSIONS } from './permissions';

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
export const reservationStatusSchema = z.union(
  Object.values(ReservationStatus).map((v) => z.literal(v)) as [z.ZodLiteral<ReservationStatus>, ...z.ZodLiteral<ReservationStatus>[]],
);

export const SeatStatus = {
  AVAILABLE: 0,
  SOLD: 1,
  BOOKED: 2,
  ADMIN_BOOKED: 3,
  LINKED: 13,
} as const;
export type SeatStatus = (typeof SeatStatus)[keyof typeof SeatStatus];

export const SEAT_TYPES = ['Standard', 'Business', 'Extra', 'Sleeper', 'Sleeper Horizontal'] as const;
export const seatTypeSchema = z.enum(SEAT_TYPES);
export type SeatType = z.infer<typeof seatTypeSchema>;

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
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

export const DEVICE_STATUSES = ['PENDING', 'APPROVED', 'INACTIVE'] as const;
export const deviceStatusSchema = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/**
 * Plan codes: PREPAID shows a balance in the account chip, any other plan a
 * bill. An agency server may define plans of its own, so any non-empty code
 * is accepted; the portal names the known ones in its own languages and
 * shows the server's display name for the rest.
 */
export const PREPAID_PLAN = 'PREPAID';
export const KNOWN_PLAN_NAMES = ['PREPAID', 'POSTPAID'] as const;
export type KnownPlanName = (typeof KNOWN_PLAN_NAMES)[number];
export const planNameSchema = z.string().min(1);
export type PlanName = z.infer<typeof planNameSchema>;

export { CHANGE_BOARDING_POINT_PERMISSIONS, PERMISSIONS, RESERVATION_PERMISSIONS, TICKET_OPERATION_PERMISSIONS, type Permission } from './permissions';
export const permissionSchema = z.enum(PERMISSIONS);
