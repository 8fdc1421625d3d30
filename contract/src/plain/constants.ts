/**
 * Business constants the portal and server share: seat limits, OTP, password expiry warning, request timeout, date
 * bounds.
 */
export const MAX_SEATS_PER_RESERVATION = 5;
export const UNLIMITED_SEAT_LIMIT = -999;
export const OPEN_SEAT_NAME = 'OPEN';
export const OTP_RESEND_SECONDS = 60;
export const OTP_LENGTH = 6;
export const PASSWORD_EXPIRY_WARNING_DAYS = 7;
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * A report file (PDF, XLSX) of up to 50,000 rows is rendered whole before its
 * first byte, and waits its turn behind other reports on a busy server: it
 * gets as long as the reference server keeps a silent connection open
 * (CONNECTION_IDLE_TIMEOUT_SECONDS, 120 by default), not the 60 s of a call.
 */
export const FILE_REQUEST_TIMEOUT_MS = 120_000;
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
/**
 * Header that makes a money-moving call safe to repeat: a repeat with the same key gets the first answer and moves no
 * money again.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The portal page's ?developer-token= query parameter, sent on every API call as the header of the same name. */
export const DEVELOPER_TOKEN_PARAM = 'developer-token';
export const DEVELOPER_TOKEN_HEADER = 'developer-token';

/**
 * The desktop shell's printer settings until the counter changes them. A sale prints by itself: the shell's reason to
 * exist is the silent counter printer, and a ticket that waits for a click is a passenger waiting at the counter. (A
 * browser keeps auto-print off: there every print opens the print dialog.)
 */
export const DESKTOP_PRINTER_DEFAULTS = {
  deviceName: null,
  paper: '80mm',
  copies: 1,
  autoPrintAfterSale: true,
} as const;
