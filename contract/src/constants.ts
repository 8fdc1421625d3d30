/** Business constants of SPEC.md section 9 that the portal and server share. */
export const MAX_SEATS_PER_RESERVATION = 5;
export const UNLIMITED_SEAT_LIMIT = -999;
export const OPEN_SEAT_NAME = 'OPEN';
export const OTP_RESEND_SECONDS = 60;
export const OTP_LENGTH = 6;
export const PASSWORD_EXPIRY_WARNING_DAYS = 7;
export const REQUEST_TIMEOUT_MS = 60_000;
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
/** Header that makes a money-moving call safe to repeat (SERVER-RULES.md). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Query parameter copied into a header of the same meaning (SPEC.md section 7). */
export const DEVELOPER_TOKEN_PARAM = 'developer-token';
export const DEVELOPER_TOKEN_HEADER = 'developer-token';
