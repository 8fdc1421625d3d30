/**
 * Permission names the server grants and the portal checks, and the menu groups built from them.
 * No zod here: the portal's sign-in route imports this file directly.
 */
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
export type Permission = (typeof PERMISSIONS)[number];

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

/**
 * Changing a ticket's boarding point (POST /api/reservation/changeBoardingPoint)
 * frees the seats of the legs before the new stop: it cancels part of the
 * journey, so it takes the permission that cancels the reservation's status,
 * keyed by status code: a sold ticket (1) AGENT_CANCEL_RESERVATION, a booking
 * (2) AGENT_CANCEL_BOOKING. No other status may change its boarding point.
 */
export const CHANGE_BOARDING_POINT_PERMISSIONS: Readonly<Record<number, Permission>> = {
  1: 'AGENT_CANCEL_RESERVATION',
  2: 'AGENT_CANCEL_BOOKING',
};
