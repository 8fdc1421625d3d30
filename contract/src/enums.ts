/**
 * Enumerations of SPEC.md sections 3, 4, 6 and 8, shared by the portal, the
 * desktop shell and the reference server. Numeric codes are the wire values.
 */
import { z } from 'zod';

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

/** Ticket-operation action codes (SPEC.md section 4). */
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

/** Plan names: PREPAID shows a balance in the account chip, any other plan a bill. */
export const PREPAID_PLAN = 'PREPAID';
export const PLAN_NAMES = ['PREPAID', 'POSTPAID'] as const;
export const planNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof planNameSchema>;

/** Permission names of SPEC.md section 6. */
export const PERMISSIONS = [
  'AGENT_CREATE_RESERVATION',
  'AGENT_CREATE_BOOKING',
  'AGENT_SELL_OPEN_TICKET',
  'AGENT_MIGRATE_TRIP',
  'AGENT_VIEW_PASSENGER',
  'AGENT_VIEW_EXTRA_WEIGHT_CHARGE',
  'AGENT_CANCEL_RESERVATION',
  'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION',
  'AGENT_CANCEL_BOOKING',
  'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION',
  'AGENT_EXTEND_BOOKING_TIME',
  'AGENT_CONFIRM_BOOKING',
  'AGENT_CONFIRM_LINKED',
  'AGENT_CANCEL_LINKED',
  'AGENT_PRINT_TICKET',
  'AGENT_SELL_EXTRA_WEIGHT_CHARGE',
  'AGENT_RETURN_EXTRA_WEIGHT_CHARGE',
  'AGENT_VIEW_TRANSACTIONS',
  'AGENT_DEPOSIT_REQUEST',
  'AGENT_VIEW_COMMISSIONS',
  'AGENT_REPORT_USER_SALES_SUMMARY',
  'AGENT_REPORT_USER_SALES_DETAILS',
  'AGENT_REPORT_OUTLET_SALES',
  'AGENT_REPORT_OUTLET_SALES_DATE_RANGE',
  'AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE',
  'AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS',
  'AGENT_REPORT_RESERVATION_DETAILS',
  'AGENT_REPORT_RESERVATION_HISTORY',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** The reservation menu's permissions (any of them opens the screen). */
export const RESERVATION_PERMISSIONS: readonly Permission[] = [
  'AGENT_CREATE_RESERVATION',
  'AGENT_CREATE_BOOKING',
  'AGENT_SELL_OPEN_TICKET',
  'AGENT_MIGRATE_TRIP',
  'AGENT_VIEW_PASSENGER',
  'AGENT_VIEW_EXTRA_WEIGHT_CHARGE',
];

export const TICKET_OPERATION_PERMISSIONS: readonly Permission[] = [
  'AGENT_CANCEL_RESERVATION',
  'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION',
  'AGENT_CANCEL_BOOKING',
  'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION',
  'AGENT_EXTEND_BOOKING_TIME',
  'AGENT_CONFIRM_BOOKING',
  'AGENT_CONFIRM_LINKED',
  'AGENT_CANCEL_LINKED',
];
