/**
 * The company's clock: its time zone and the server's "now".
 *
 * Counter PCs often have a wrong clock zone, or a wrong clock. A ticket that
 * says 07:00 while the screen said 01:00 sends a passenger to the wrong bus,
 * so every instant a person reads is shown in the company's time zone, and
 * every "now" (today's date, countdowns, hours left before a departure) is the
 * server's, measured against the PC's clock when the profile arrives. Both
 * come with the profile (timeZone, serverTime); until then the PC's own zone
 * and clock stand in.
 */
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { fromWallClock, isTimeZone, toWallClock } from './zone';

dayjs.extend(utc);

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

let zone: string | null = null;
/** Server clock minus PC clock, in ms. */
let offsetMs = 0;

/** Takes the company's zone and the server's time from a profile answer, received at `receivedAt` (PC clock). */
export function setCompanyTime(
  profile: { timeZone: string; serverTime: string },
  receivedAt: number = Date.now(),
): void {
  zone = isTimeZone(profile.timeZone) ? profile.timeZone : null;
  const server = Date.parse(profile.serverTime);
  offsetMs = Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Back to the PC's zone and clock (signed out; tests). */
export function resetCompanyTime(): void {
  zone = null;
  offsetMs = 0;
}

export function companyTimeZone(): string {
  return zone ?? browserZone();
}

/** The server's current time in ms, for comparing with instants the server sent. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** The server's current instant. */
export function now(): Date {
  return new Date(nowMs());
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant as the company's wall clock shows it: a dayjs in UTC mode whose
 * fields (and format()) read the company's wall time. A calendar date
 * (yyyy-MM-dd, e.g. a trip date) has no zone and is taken as it is.
 */
export function inCompanyZone(value: ConfigType): Dayjs {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return dayjs.utc(value);
  // Parsed in UTC mode, so not even the parse reads the PC's zone (server instants carry their offset).
  const instant = dayjs.utc(value).valueOf();
  // Intl refuses an invalid instant; dayjs answers an invalid date as it does elsewhere.
  return dayjs.utc(Number.isFinite(instant) ? toWallClock(companyTimeZone(), instant) : NaN);
}

/**
 * The company's wall time of an instant as a Date whose UTC fields carry it,
 * for files without time zones (an XLSX cell shows what the screen shows).
 */
export function wallClockAsUtc(value: ConfigType): Date {
  return inCompanyZone(value).toDate();
}

/** Today's date in the company's calendar (yyyy-MM-dd). */
export function companyToday(): string {
  return inCompanyZone(now()).format('YYYY-MM-DD');
}

/**
 * A calendar date as date pickers hold it: midnight of that date on the PC's
 * calendar, so the picker shows and gives back exactly that date whatever the
 * PC's zone. Defaults to the company's today.
 */
export function calendarDay(date: string = companyToday()): Dayjs {
  return dayjs(date);
}

/** An instant as a date-time picker value showing the company's wall time (held like calendarDay). */
export function toCompanyWallTime(value: ConfigType): Dayjs {
  return dayjs(inCompanyZone(value).format('YYYY-MM-DDTHH:mm:ss'));
}

/** A date and wall time typed in the company's zone (a picker's value), as the instant it names. */
export function fromCompanyWallTime(value: Dayjs): Date {
  const wall = Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute(), value.second());
  return new Date(fromWallClock(companyTimeZone(), wall));
}
