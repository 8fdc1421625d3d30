/**
 * Every reason code the server answers with and the portal translates, and
 * the HTTP status the server answers it with. Every error is one JSON body,
 * {reason, message?, details?} (apiErrorSchema below).
 */
import { z } from 'zod';

const NOT_FOUND_REASONS = [
  'AGENT_NOT_FOUND',
  'CITY_NOT_FOUND',
  'BRANCH_NOT_FOUND',
  'COACH_NOT_FOUND',
  'COMPANY_NOT_FOUND',
  'COUNTRY_NOT_FOUND',
  'RESERVATION_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'SEAT_NOT_FOUND',
  'TRIP_NOT_FOUND',
  'VEHICLE_NOT_FOUND',
  'PASSENGER_NOT_FOUND',
  'EXTRA_WEIGHT_CHARGE_NOT_FOUND',
  'USER_NOT_FOUND',
  'DEVICE_NOT_FOUND',
  'STATION_NOT_FOUND',
  'DEPOSIT_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'VOUCHER_NOT_FOUND',
  'REPORT_NOT_FOUND',
  'RESOURCE_NOT_FOUND',
  'LIVE_STREAM_NOT_FOUND',
] as const;

export const REASONS = [
  // Session and authentication
  'BAD_CREDENTIALS',
  'USER_INACTIVE',
  'AGENT_INACTIVE',
  'PASSWORD_EXPIRED',
  'BRANCH_NOT_ASSIGNED',
  'BRANCH_INACTIVE',
  'INVALID_SESSION',
  'INVALID_OTP_PROVIDED',
  'OTP_VALIDITY_EXPIRED',
  'OTP_ALREADY_SENT',
  'INVALID_DEVICE_ACCESS',
  'DEVICE_INACTIVE',
  'PERMISSION_DENIED',
  'NOT_PERMITTED',
  'NO_ALLOWED_COMPANY_FOUND',
  'COMPANY_NOT_ALLOWED',
  'RESERVATION_NOT_ACCESSIBLE',
  'WRONG_CURRENT_PASSWORD',
  'PASSWORD_REUSED',
  // Trip
  'TRIP_IS_NOT_AVAILABLE',
  'TRIP_IS_OPEN',
  'TRIP_IS_CLOSED',
  'TRIP_IS_FOREIGN',
  'TRIP_NOT_ALLOWED',
  'ORIGIN_NOT_ALLOWED',
  'TRIP_OMITTED',
  'TRIP_OMIT_PENDING',
  'TRIP_RESERVED',
  'TRIP_RESERVATION_PENDING',
  'TRIP_NOT_RESERVABLE',
  'COACH_BARRED',
  'PARTIAL_SALES_NOT_ALLOWED',
  'SAME_ORIGIN_DESTINATION',
  // Booking and seats
  'BOOKING_TIME_EXCEED',
  'MAX_SEAT_WARNING',
  'SEAT_LIMIT_EXCEEDED',
  'SEAT_UNAVAILABLE',
  'SEAT_NOT_LOCKED',
  'INSUFFICIENT_BALANCE',
  'CREDIT_LIMIT_EXCEEDED',
  'WRONG_PNR_PIN',
  'PNR_LOCKED',
  // Cancel
  'TRIP_CLOSED_FOR_CANCELLATION',
  'RESERVATION_NOT_CANCELLABLE',
  'RESERVATION_CANCEL_TIME_EXPIRED',
  'MIGRATION_TIME_EXPIRED',
  'DELAYED_CANCEL_NOT_ALLOWED',
  'DELAYED_CANCEL_APPROVAL_EXPIRED',
  'RETURN_AMOUNT_MISMATCH',
  'RESERVATION_CHANGED',
  'INVALID_EXPIRATION_TIME',
  'BOOKING_NOT_FOUND',
  // Boarding point
  'BOARDING_POINT_NOT_ALLOWED',
  // Coupon
  'INVALID_DISCOUNT_COUPON',
  'DISCOUNT_COUPON_NOT_FOUND',
  'DISCOUNT_COUPON_LIMIT_EXCEEDED',
  'DUPLICATE_DISCOUNT_COUPON',
  // Money records
  'DUPLICATE_REFERENCE_NUMBER',
  'AMOUNT_MISMATCH',
  'EXTRA_WEIGHT_NOT_ALLOWED',
  // Not-found family
  ...NOT_FOUND_REASONS,
  // Other
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SMS_PROVIDER_SERVICE_UNAVAILABLE',
  'MOBILE_DEVICE_REGISTRATION_FAILED',
  'SALES_RESTRICTED',
  'TOO_MANY_REQUESTS',
  'IDEMPOTENCY_KEY_REUSED',
  'REPORT_TOO_LARGE',
  'REPORT_QUEUE_FULL',
  'DATABASE_BUSY',
  'DATABASE_UNAVAILABLE',
  'DATABASE_FULL',
  'DATABASE_FAULT',
  'INTERNAL_SERVER_ERROR',
  // Live events (issue #35)
  'LIVE_SESSION_STREAM_LIMIT',
  'LIVE_SERVER_STREAM_LIMIT',
] as const;

export const reasonSchema = z.enum(REASONS);
export type Reason = z.infer<typeof reasonSchema>;

/** Reasons the portal raises itself (never sent by the server). */
export const CLIENT_REASONS = [
  'USERNAME_REQUIRED',
  'PASSWORD_REQUIRED',
  'OTP_REQUIRED',
  'CONFIRM_PASSWORD_REQUIRED',
  'CONFIRM_PASSWORD_MISMATCH',
  'PASSWORD_VALIDATION_ERROR',
  'PNR_REQUIRED',
  'PIN_REQUIRED',
  'AMOUNT_REQUIRED',
  'CONFIRM_AMOUNT_REQUIRED',
  'REFERENCE_NUMBER_REQUIRED',
  'CURRENT_PASSWORD_REQUIRED',
  'NO_INTERNET_CONNECTION',
  'CONNECTION_AVAILABLE_NOW',
  'REQUEST_TIMEOUT',
  'SERVER_UNREACHABLE',
  'UNKNOWN_ERROR',
  // Why the live stream's `session-ended` signed the portal out (issue #35): SESSION_ + its reason.
  'SESSION_LOGGED_OUT',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
] as const;
export type ClientReason = (typeof CLIENT_REASONS)[number];

const isNotFound = (reason: Reason): boolean => (NOT_FOUND_REASONS as readonly string[]).includes(reason);

const STATUS_BY_REASON: Partial<Record<Reason, number>> = {
  VALIDATION_FAILED: 400,
  SAME_ORIGIN_DESTINATION: 400,
  AMOUNT_MISMATCH: 400,
  /** A body over the server's limit (details.limitBytes), or one that is not JSON. */
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_SESSION: 401,
  BAD_CREDENTIALS: 401,
  PERMISSION_DENIED: 403,
  NOT_PERMITTED: 403,
  COMPANY_NOT_ALLOWED: 403,
  TRIP_NOT_ALLOWED: 403,
  ORIGIN_NOT_ALLOWED: 403,
  RESERVATION_NOT_ACCESSIBLE: 403,
  INVALID_DEVICE_ACCESS: 403,
  DEVICE_INACTIVE: 403,
  USER_INACTIVE: 403,
  AGENT_INACTIVE: 403,
  BRANCH_INACTIVE: 403,
  BRANCH_NOT_ASSIGNED: 403,
  NO_ALLOWED_COMPANY_FOUND: 403,
  COACH_BARRED: 403,
  PARTIAL_SALES_NOT_ALLOWED: 403,
  DELAYED_CANCEL_NOT_ALLOWED: 403,
  EXTRA_WEIGHT_NOT_ALLOWED: 403,
  BOOKING_NOT_FOUND: 404,
  DISCOUNT_COUPON_NOT_FOUND: 404,
  SEAT_UNAVAILABLE: 409,
  SEAT_NOT_LOCKED: 409,
  MAX_SEAT_WARNING: 409,
  SEAT_LIMIT_EXCEEDED: 409,
  RESERVATION_NOT_CANCELLABLE: 409,
  RETURN_AMOUNT_MISMATCH: 409,
  /** The reservation changed under the operation (another one on the same ticket went first): nothing was done. */
  RESERVATION_CHANGED: 409,
  DUPLICATE_DISCOUNT_COUPON: 409,
  DUPLICATE_REFERENCE_NUMBER: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  /** A report matched more rows than its cap (details.limit): a shorter period or narrower filters fit. */
  REPORT_TOO_LARGE: 422,
  /** The user already has the most report files being made and waiting (details.running, details.waiting). */
  REPORT_QUEUE_FULL: 429,
  OTP_ALREADY_SENT: 429,
  TOO_MANY_REQUESTS: 429,
  /** Too many wrong PINs on the PNR: details.until says when it opens again. */
  PNR_LOCKED: 423,
  INTERNAL_SERVER_ERROR: 500,
  /** The session has the most live streams open already (details.limit): close one window's, or poll. */
  LIVE_SESSION_STREAM_LIMIT: 429,
  /** This server process has the most live streams it takes: poll the trip details, try again later. */
  LIVE_SERVER_STREAM_LIMIT: 429,
  SALES_RESTRICTED: 503,
  SMS_PROVIDER_SERVICE_UNAVAILABLE: 503,
  /** Another unit held what this one needed past the wait allowed; nothing was saved (details.retryAfterSeconds). */
  DATABASE_BUSY: 503,
  /** The database unreachable, or the connection ended: send the same request again (details.retryAfterSeconds). */
  DATABASE_UNAVAILABLE: 503,
  /** The database has no room left (the disk full): nothing was saved; sending it again fails until there is room. */
  DATABASE_FULL: 507,
  /** The database's storage failed (read-only, an I/O error, a damaged file): for the administrator; no Retry-After. */
  DATABASE_FAULT: 503,
};

/** HTTP status of a reason: 404 for the not-found family, 422 for other business rules. */
export function httpStatusOf(reason: Reason): number {
  return STATUS_BY_REASON[reason] ?? (isNotFound(reason) ? 404 : 422);
}

/** The one error body every failing call answers. */
export const apiErrorSchema = z.object({
  reason: reasonSchema,
  message: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * Codes the server may give any text field in details.fields, whatever the endpoint; the portal translates them.
 * NUL_CHARACTER: the text holds U+0000, which no database column may store (a paste out of a damaged file, a script).
 */
export const TEXT_FIELD_FAILURES = ['NUL_CHARACTER'] as const;
export type TextFieldFailure = (typeof TEXT_FIELD_FAILURES)[number];

/** Field errors travel in details.fields as { fieldPath: reasonOrMessage }. */
export const fieldErrorsSchema = z.record(z.string(), z.string());
