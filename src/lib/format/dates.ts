import type { ConfigType, Dayjs } from 'dayjs';
import { currentLanguage, type Language } from '../i18n';
import { inCompanyZone } from './company-time';
import { formatDigits } from './numbers';
import { dayPeriod } from '@agent-portal/contract/plain';

/**
 * The portal's date formats, in dayjs terms: date time 'LLL dd, yyyy hh:mm a',
 * long 'dd-LL-yyyy hh:mm a', date 'LLL dd, yyyy', time 'hh:mm a', day-month 'd-LLL'.
 * Years are always written in full (a ticket's "Nov 30, 26" reads like a day
 * and a month to many passengers).
 */
export const DATE_FORMATS = {
  dateTime: 'MMM DD, YYYY hh:mm A',
  long: 'DD-MM-YYYY hh:mm A',
  date: 'MMM DD, YYYY',
  time: 'hh:mm A',
  dayMonth: 'D-MMM',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/**
 * The same in Bengali: the part of the day (contract/src/plain/day-periods.ts, PERIOD here) before
 * a 12-hour time without a leading zero, "সকাল ৭:০৫", as Bengali tickets write it.
 */
const PERIOD = '{period}';
const BENGALI_FORMATS: Record<DateFormat, string> = {
  dateTime: `MMM DD, YYYY ${PERIOD} h:mm`,
  long: `DD-MM-YYYY ${PERIOD} h:mm`,
  date: 'MMM DD, YYYY',
  time: `${PERIOD} h:mm`,
  dayMonth: 'D-MMM',
};

/** What browser inputs and the API use: always Latin digits, never localised. */
export const INPUT_DATE_FORMAT = 'YYYY-MM-DD';
export const INPUT_TIME_FORMAT = 'HH:mm';

/**
 * A dayjs (its fields already the wall time to show) in a dayjs format, in the
 * language's words and digits; `{period}` stands for the Bengali part of the day.
 * dayjs's own Bengali locale gives the month names but Latin digits and a Latin
 * AM/PM (it has no meridiem), hence the digits and the period here.
 */
export function formatWallTime(date: Dayjs, format: string, language: Language): string {
  const withPeriod = format.replace(PERIOD, `[${dayPeriod(date.hour())}]`);
  const text = date.locale(language).format(withPeriod);
  return language === 'en' ? text : text.replace(/\d+/g, (digits) => formatDigits(digits, language));
}

/**
 * A date for people to read, in the given (default: current) language and in
 * the company's time zone (a calendar date, yyyy-MM-dd, as it is); '' for no
 * date. Screens, tickets, receipts and report printouts all use this one.
 */
export function formatDate(
  value: ConfigType,
  format: DateFormat = 'dateTime',
  language: Language = currentLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = inCompanyZone(value);
  if (!date.isValid()) return '';
  return formatWallTime(date, language === 'bn' ? BENGALI_FORMATS[format] : DATE_FORMATS[format], language);
}

/** A date picker's value (see calendarDay) as the API takes a date. */
export function toInputDate(value: Dayjs): string {
  return value.locale('en').format(INPUT_DATE_FORMAT);
}

/** A time picker's value as the API takes a time. */
export function toInputTime(value: Dayjs): string {
  return value.locale('en').format(INPUT_TIME_FORMAT);
}
