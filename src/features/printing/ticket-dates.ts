/**
 * Dates on a ticket. A ticket states when the coach leaves where it leaves,
 * so instants are shown at the operator's UTC offset (Bangladesh, UTC+6, no
 * daylight saving) instead of the counter PC's clock zone, which is too often
 * set wrong. Formats and digits follow the portal's shared formatter.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/bn';
import { DATE_FORMATS, type DateFormat } from '../../lib/format/dates';
import type { TicketLanguage } from './ticket-labels';

dayjs.extend(utc);

/** Asia/Dhaka. */
export const DEFAULT_UTC_OFFSET_MINUTES = 6 * 60;

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function formatTicketDate(
  value: string | Date | null,
  format: DateFormat,
  language: TicketLanguage,
  utcOffsetMinutes: number = DEFAULT_UTC_OFFSET_MINUTES,
): string {
  if (value === null || value === '') return '';
  // A calendar date (the trip date) has no zone: show it as it is.
  const parsed = typeof value === 'string' && LOCAL_DATE.test(value) ? dayjs(value) : dayjs(value).utcOffset(utcOffsetMinutes);
  if (!parsed.isValid()) return '';
  const text = parsed.locale(language).format(DATE_FORMATS[format]);
  return language === 'bn' ? text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : text;
}
