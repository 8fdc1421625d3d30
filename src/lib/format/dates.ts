import type { ConfigType, Dayjs } from 'dayjs';
import { currentLanguage, type Language } from '../i18n';
import { inCompanyZone } from './company-time';

/**
 * The portal's date formats, in dayjs terms: date time 'LLL dd, yyyy hh:mm a',
 * long 'dd-LL-yyyy hh:mm a', date 'LLL dd, yy', time 'hh:mm a', day-month 'd-LLL'.
 */
export const DATE_FORMATS = {
  dateTime: 'MMM DD, YYYY hh:mm A',
  long: 'DD-MM-YYYY hh:mm A',
  date: 'MMM DD, YY',
  time: 'hh:mm A',
  dayMonth: 'D-MMM',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/** What browser inputs and the API use: always Latin digits, never localised. */
export const INPUT_DATE_FORMAT = 'YYYY-MM-DD';
export const INPUT_TIME_FORMAT = 'HH:mm';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const toBengaliDigits = (text: string) => text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)] ?? d);

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
  const text = date.locale(language).format(DATE_FORMATS[format]);
  return language === 'bn' ? toBengaliDigits(text) : text;
}

/** A date picker's value (see calendarDay) as the API takes a date. */
export function toInputDate(value: Dayjs): string {
  return value.locale('en').format(INPUT_DATE_FORMAT);
}

/** A time picker's value as the API takes a time. */
export function toInputTime(value: Dayjs): string {
  return value.locale('en').format(INPUT_TIME_FORMAT);
}
