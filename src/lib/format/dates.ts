import dayjs, { type ConfigType } from 'dayjs';
import { currentLanguage, type Language } from '../i18n';

/** SPEC.md section 9 formats, in dayjs terms. */
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

/** A date for people to read, in the given (default: current) language; '' for no date. */
export function formatDate(value: ConfigType, format: DateFormat = 'dateTime', language: Language = currentLanguage()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const text = date.locale(language).format(DATE_FORMATS[format]);
  return language === 'bn' ? toBengaliDigits(text) : text;
}

export function toInputDate(value: ConfigType): string {
  return dayjs(value).locale('en').format(INPUT_DATE_FORMAT);
}

export function toInputTime(value: ConfigType): string {
  return dayjs(value).locale('en').format(INPUT_TIME_FORMAT);
}
