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
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

let zone: string | null = null;
/** Server clock minus PC clock, in ms. */
let offsetMs = 0;

/** Takes the company's zone and the server's time from a profile answer, received at `receivedAt` (PC clock). */
export function setCompanyTime(profile: { timeZone: string; serverTime: string }, receivedAt: number = Date.now()): void {
  zone = profile.timeZone;
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

/** The server's current instant. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The server's current time in ms, for comparing with instants the server sent. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant as the company's wall clock shows it. A calendar date
 * (yyyy-MM-dd, e.g. a trip date) has no zone and is taken as it is.
 */
export function inCompanyZone(value: ConfigType): Dayjs {
  if (typeof value === 'string' && LOCAL_DATE.test(value)) return dayjs(value);
  return dayjs(value).tz(companyTimeZone());
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

/** A date and wall time typed in the company's zone (date pickers' values), as the instant it names. */
export function fromCompanyWallTime(value: Dayjs): Date {
  return dayjs.tz(value.format('YYYY-MM-DD HH:mm'), companyTimeZone()).toDate();
}

/** An instant as a date picker value showing the company's wall time. */
export function toCompanyWallTime(value: ConfigType): Dayjs {
  return dayjs(inCompanyZone(value).format('YYYY-MM-DD HH:mm'));
}
