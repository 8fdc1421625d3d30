/**
 * The Bengali time of day: a part of the day before a 12-hour time, "সকাল ৭:০০",
 * "রাত ১০:৩০", never a Latin AM/PM.
 *
 * Why this and not the 24-hour clock: it is how Bangladeshi bus tickets,
 * counters and announcements say a departure, so it is what a passenger reads
 * and what an agent says aloud at the counter; the 24-hour clock ("২২:৩০") is
 * unusual in everyday Bengali. English keeps its 12-hour "hh:mm AM".
 *
 * The five words the counters use, over the whole day (hours of the 24-hour clock):
 *   রাত     00:00–03:59 (after midnight: the night coaches) and 20:00–23:59
 *   সকাল    04:00–11:59 (the early coaches of 4–6 o'clock read "সকাল", not a sixth word, ভোর)
 *   দুপুর    12:00–14:59
 *   বিকাল   15:00–17:59
 *   সন্ধ্যা   18:00–19:59
 * With the 12-hour time each word names one hour only: রাত covers 12–3 and 8–11,
 * never the same number twice, so "রাত ১২:৩০" is half past midnight and
 * "রাত ১১:০০" is 23:00 (see hourOf, which reads a typed time back).
 *
 * In the contract because the portal (screens, tickets, receipts) and the
 * server's report files must say the same hour with the same word.
 */

export type DayPeriod = 'রাত' | 'সকাল' | 'দুপুর' | 'বিকাল' | 'সন্ধ্যা';

/** [first hour, word], by the hour each part of the day starts. */
const PERIODS: readonly (readonly [number, DayPeriod])[] = [
  [0, 'রাত'],
  [4, 'সকাল'],
  [12, 'দুপুর'],
  [15, 'বিকাল'],
  [18, 'সন্ধ্যা'],
  [20, 'রাত'],
];

/** The part of the day of an hour, 0–23. */
export function dayPeriod(hour: number): DayPeriod {
  let word: DayPeriod = 'রাত';
  for (const [from, name] of PERIODS) if (hour >= from) word = name;
  return word;
}

export const DAY_PERIODS: readonly DayPeriod[] = ['রাত', 'সকাল', 'দুপুর', 'বিকাল', 'সন্ধ্যা'];

/** The 24-hour hour a part of the day and a 12-hour hour (1–12) name; null when they do not go together. */
export function hourOf(period: DayPeriod, hour12: number): number | null {
  const base = hour12 % 12;
  for (const hour of [base, base + 12]) if (dayPeriod(hour) === period) return hour;
  return null;
}
