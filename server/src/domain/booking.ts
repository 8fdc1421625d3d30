/**
 * A booking holds seats without charge until min(now + hold, departure -
 * cutoff); inside the cutoff no booking can be made (BOOKING_TIME_EXCEED),
 * and an extension may not pass departure - cutoff (INVALID_EXPIRATION_TIME).
 */
const MINUTE = 60_000;

export function bookingExpiry(now: Date, boardingTime: Date, holdMinutes: number, cutoffMinutes: number): Date | null {
  const latest = boardingTime.getTime() - cutoffMinutes * MINUTE;
  if (now.getTime() >= latest) return null;
  return new Date(Math.min(now.getTime() + holdMinutes * MINUTE, latest));
}

/** Whether a requested new expiry is acceptable for an extension. */
export function isValidExtension(now: Date, requested: Date, boardingTime: Date, cutoffMinutes: number): boolean {
  return requested.getTime() > now.getTime() && requested.getTime() <= boardingTime.getTime() - cutoffMinutes * MINUTE;
}
