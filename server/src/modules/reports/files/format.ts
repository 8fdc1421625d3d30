/**
 * The one formatter of the report files: numbers, money, dates, times and
 * date-times in the file's language. Bengali files print Bengali digits and
 * full years, and a time of day with no Latin letters in it; English files
 * print yyyy-MM-dd dates and Latin digits. The time of day follows one rule
 * per language, the one the portal's formatter (src/lib/format/dates.ts)
 * shows on screen, so a file reads like the screen it was downloaded from.
 */
import { dayPeriod, type ReportLang } from '@agent-portal/contract';
import { localTimeOf } from '../../../lib/zoned-time';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Latin digits to Bengali ones in a Bengali file; anything else as it is. */
export function localDigits(text: string, lang: ReportLang): string {
  return lang === 'bn' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : text;
}

// Made once: toLocaleString builds a formatter per call, the slowest part of a 50,000-row PDF.
// bn-BD groups in lakhs and crores (১২,৩৪,৫৬৭.৫০) with Bengali digits, as the portal shows money in Bengali.
const LOCALES: Record<ReportLang, string> = { en: 'en-US', bn: 'bn-BD' };
const MONEY = {
  en: new Intl.NumberFormat(LOCALES.en, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  bn: new Intl.NumberFormat(LOCALES.bn, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
const COUNT = {
  en: new Intl.NumberFormat(LOCALES.en, { maximumFractionDigits: 0 }),
  bn: new Intl.NumberFormat(LOCALES.bn, { maximumFractionDigits: 0 }),
};

/** 1234.5 -> "1,234.50" / "১,২৩৪.৫০". */
export function formatMoney(n: number, lang: ReportLang): string {
  return MONEY[lang].format(n);
}

/** 60000 -> "60,000" / "৬০,০০০". */
export function formatCount(n: number, lang: ReportLang): string {
  return COUNT[lang].format(n);
}

/** A calendar date (yyyy-MM-dd, as the API gives it) with the full year: "2026-01-20" / "২০২৬-০১-২০". */
export function formatDate(date: string, lang: ReportLang): string {
  return localDigits(date, lang);
}

/**
 * A time of day: "07:30 PM" in English, "সন্ধ্যা ৭:৩০" in Bengali. Both are the
 * screens' 12-hour clock (the portal's 'hh:mm A' and '{period} h:mm'): an agent
 * who reads "07:30 PM" on the screen and "19:30" in the downloaded file has to
 * convert, and a file handed to a passenger or a manager should read like the
 * ticket. A 24-hour clock sorts better, but the files' rows already come in
 * time order, and the XLSX keeps numbers as numbers for sums.
 */
export function formatClock(hour: number, minute: number, lang: ReportLang): string {
  const mm = String(minute).padStart(2, '0');
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  if (lang === 'en') return `${String(hour12).padStart(2, '0')}:${mm} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${dayPeriod(hour)} ${localDigits(`${hour12}:${mm}`, 'bn')}`;
}

/** An instant in the company's zone: "2026-01-15 07:30 PM" / "২০২৬-০১-১৫ সন্ধ্যা ৭:৩০". */
export function formatDateTime(iso: string, timeZone: string, lang: ReportLang): string {
  const p = zonedParts(Date.parse(iso), timeZone);
  return `${formatDate(p.date, lang)} ${formatClock(p.hour, p.minute, lang)}`;
}

const HOUR_MS = 3_600_000;
/** The zone's offset (ms) through each UTC hour, null for an hour whose ends differ (a clock change inside it). */
const hourOffsets = new Map<string, number | null>();

/** The zone's offset at a whole minute, as localTimeOf reads it. */
function offsetAt(ms: number, timeZone: string): number {
  const p = localTimeOf(new Date(ms), timeZone);
  const [y, m, d] = p.date.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, p.hour, p.minute) - ms;
}

/**
 * localTimeOf, with the zone's offset asked once per hour instead of once per row: Intl's formatToParts per time
 * cell was a third of building a 50,000-row file's rows. An hour whose start and end have the same offset has no
 * clock change inside it (zones change at most once in an hour), so its instants are the instant plus that offset;
 * an hour with a change asks Intl for each instant, as before.
 */
function zonedParts(ms: number, timeZone: string): { date: string; hour: number; minute: number } {
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const key = `${timeZone} ${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(hour, timeZone);
    offset = start === offsetAt(hour + HOUR_MS, timeZone) ? start : null;
    if (hourOffsets.size > 10_000) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  if (offset === null) return localTimeOf(new Date(ms), timeZone);
  const local = new Date(ms + offset);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}
