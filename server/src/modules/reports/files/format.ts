/**
 * The one formatter of the report files: numbers, money, dates, times and
 * date-times in the file's language. Bengali files print Bengali digits and
 * full years, and a time of day with no Latin letters in it; English files
 * keep what they printed before (yyyy-MM-dd, a sortable 24-hour clock, Latin
 * digits). The portal's formatter (src/lib/format) follows the same
 * convention, so a file reads like the screen it was downloaded from.
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

/** A time of day: "19:30" in English (the files' sortable clock), "সন্ধ্যা ৭:৩০" in Bengali. */
export function formatClock(hour: number, minute: number, lang: ReportLang): string {
  const mm = String(minute).padStart(2, '0');
  if (lang === 'en') return `${String(hour).padStart(2, '0')}:${mm}`;
  return `${dayPeriod(hour)} ${localDigits(`${hour % 12 === 0 ? 12 : hour % 12}:${mm}`, 'bn')}`;
}

/** An instant in the company's zone: "2026-01-15 19:30" / "২০২৬-০১-১৫ সন্ধ্যা ৭:৩০". */
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
