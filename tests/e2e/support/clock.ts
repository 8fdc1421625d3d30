/**
 * The end-to-end server's clock starts at E2E_NOW (FIXED_NOW) and runs on in
 * real time, so the demo timetable, the fine bands and "today" are the same
 * whatever the day and hour the suite runs. The portal takes its "now" from
 * the server, so the browser's own clock does not matter. 10:00 in Dhaka
 * leaves the whole suite's run inside one local day.
 */
export const E2E_NOW = process.env.E2E_FIXED_NOW ?? '2026-03-10T04:00:00.000Z';
export const E2E_TIME_ZONE = 'Asia/Dhaka';

const DAY_MS = 86_400_000;

/** The company's local date `days` after E2E_NOW's, as the API takes it (yyyy-MM-dd). */
export function localDate(days = 0): string {
  return new Date(Date.parse(E2E_NOW) + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: E2E_TIME_ZONE });
}

/** The same date as the portal's date fields show and take it: their one input format is the API's, yyyy-MM-dd. */
export const pickerDate = localDate;

/** The first day of E2E_NOW's local month, as the date fields show it. */
export function firstOfMonthPickerDate(): string {
  return pickerDate(0).replace(/\d{2}$/, '01');
}
