import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { calendarDay, setCompanyTime } from './company-time';
import { formatDate, toInputDate, toInputTime } from './dates';
import { formatMoney } from './money';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatMoney', () => {
  it('shows 2 decimals, thousands separators and the currency symbol', () => {
    expect(formatMoney(1234567.5, '৳', 'en')).toBe('৳ 1,234,567.50');
    expect(formatMoney(0, '৳', 'en')).toBe('৳ 0.00');
    expect(formatMoney(-42.1, '', 'en')).toBe('-42.10');
  });

  it('uses Bengali digits and grouping in Bengali', () => {
    expect(formatMoney(1234567.5, '৳', 'bn')).toBe('৳ ১২,৩৪,৫৬৭.৫০');
  });
});

describe('formatDate', () => {
  // 14:07 in Dhaka, the tests' company zone (src/test/setup.ts).
  const when = '2025-03-05T08:07:00.000Z';

  it.each([
    ['dateTime', 'Mar 05, 2025 02:07 PM'],
    ['long', '05-03-2025 02:07 PM'],
    ['date', 'Mar 05, 25'],
    ['time', '02:07 PM'],
    ['dayMonth', '5-Mar'],
  ] as const)('%s in English reads %s, in the company zone', (format, text) => {
    expect(formatDate(when, format, 'en')).toBe(text);
    expect(formatDate(new Date(when), format, 'en')).toBe(text);
    expect(formatDate(Date.parse(when), format, 'en')).toBe(text);
  });

  it('uses Bengali month names and digits in Bengali', () => {
    expect(formatDate(when, 'date', 'bn')).toBe('মার্চ ০৫, ২৫');
    expect(formatDate(when, 'dayMonth', 'bn')).toBe('৫-মার্চ');
    expect(formatDate(when, 'long', 'bn')).toMatch(/^০৫-০৩-২০২৫ ০২:০৭ /);
    expect(formatDate('2026-11-26T18:30:00.000Z', 'time', 'bn')).toMatch(/^১২:৩০ /);
  });

  it('shows a departure after midnight in Dhaka on the Dhaka date, though its UTC date is the day before', () => {
    const halfPastMidnight = '2026-11-26T18:30:00.000Z';
    expect(new Date(halfPastMidnight).getUTCDate()).toBe(26);
    expect(formatDate(halfPastMidnight, 'dateTime', 'en')).toBe('Nov 27, 2026 12:30 AM');
    expect(formatDate(halfPastMidnight, 'dayMonth', 'en')).toBe('27-Nov');
    expect(formatDate(halfPastMidnight, 'date', 'en')).toBe('Nov 27, 26');
  });

  it("shows a Dhaka time that New York's clock skips (02:30 on 8 March, when New York moves to summer time)", () => {
    // dayjs's own tz() reads this an hour late on a PC in New York.
    expect(formatDate('2026-03-07T20:30:00.000Z', 'dateTime', 'en')).toBe('Mar 08, 2026 02:30 AM');
  });

  it("never asks the PC's clock zone: output cannot depend on it", () => {
    const local = [
      'getTimezoneOffset',
      'getFullYear',
      'getMonth',
      'getDate',
      'getDay',
      'getHours',
      'getMinutes',
    ] as const;
    const spies = local.map((name) => vi.spyOn(Date.prototype, name));
    for (const format of ['dateTime', 'long', 'date', 'time', 'dayMonth'] as const) {
      formatDate('2026-11-26T18:30:00.000Z', format, 'en');
      formatDate(new Date('2026-11-26T18:30:00.000Z'), format, 'bn');
    }
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it.each(['Asia/Dhaka', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/London'])(
    'reads the wall clock Intl gives for %s, at any instant',
    (zone) => {
      setCompanyTime({ timeZone: zone, serverTime: '2026-03-10T04:00:00.000Z' });
      const intl = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const byIntl = (ms: number) => {
        const p = Object.fromEntries(intl.formatToParts(ms).map((part) => [part.type, part.value]));
        const hour = Number(p.hour);
        return `${p.day}-${p.month}-${p.year} ${String(hour % 12 || 12).padStart(2, '0')}:${p.minute} ${hour < 12 ? 'AM' : 'PM'}`;
      };
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }), (ms) => {
          expect(formatDate(ms, 'long', 'en')).toBe(byIntl(ms));
        }),
        { numRuns: 300 },
      );
    },
  );

  it('follows the company zone the profile names', () => {
    setCompanyTime({ timeZone: 'Asia/Kolkata', serverTime: '2026-03-10T04:00:00.000Z' });
    expect(formatDate(when, 'time', 'en')).toBe('01:37 PM');
  });

  it('shows a calendar date (a trip date) as it is', () => {
    expect(formatDate('2026-11-27', 'date', 'en')).toBe('Nov 27, 26');
    expect(formatDate('2026-11-27', 'dayMonth', 'bn')).toBe('২৭-নভে');
  });

  it('keeps input values in Latin digits whatever the language', () => {
    const picked = calendarDay('2025-03-05').hour(14).minute(7);
    expect(toInputDate(picked.locale('bn'))).toBe('2025-03-05');
    expect(toInputTime(picked.locale('bn'))).toBe('14:07');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
