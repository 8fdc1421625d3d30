import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { calendarDay, setCompanyTime } from './company-time';
import { formatDate, toInputDate, toInputTime } from './dates';
import { formatMoney } from './money';
import { formatMinutesSeconds } from './durations';
import { formatCount } from './numbers';
import { dayPeriod, hourOf, DAY_PERIODS } from '@agent-portal/contract/plain';
import { i18n } from '../i18n';
import { latinNumberLeaks } from '../../test/latin-digits';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadLanguages('bn');
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
    ['date', 'Mar 05, 2025'],
    ['time', '02:07 PM'],
    ['dayMonth', '5-Mar'],
  ] as const)('%s in English reads %s, in the company zone', (format, text) => {
    expect(formatDate(when, format, 'en')).toBe(text);
    expect(formatDate(new Date(when), format, 'en')).toBe(text);
    expect(formatDate(Date.parse(when), format, 'en')).toBe(text);
  });

  it('uses Bengali month names, digits and the part of the day in Bengali, never AM/PM', () => {
    expect(formatDate(when, 'date', 'bn')).toBe('মার্চ ০৫, ২০২৫');
    expect(formatDate(when, 'dayMonth', 'bn')).toBe('৫-মার্চ');
    expect(formatDate(when, 'long', 'bn')).toBe('০৫-০৩-২০২৫ দুপুর ২:০৭');
    expect(formatDate(when, 'dateTime', 'bn')).toBe('মার্চ ০৫, ২০২৫ দুপুর ২:০৭');
    expect(formatDate('2026-11-26T18:30:00.000Z', 'time', 'bn')).toBe('রাত ১২:৩০');
  });

  it.each([
    ['00:00', 'রাত ১২:০০'],
    ['03:59', 'রাত ৩:৫৯'],
    ['04:00', 'সকাল ৪:০০'],
    ['07:00', 'সকাল ৭:০০'],
    ['11:59', 'সকাল ১১:৫৯'],
    ['12:00', 'দুপুর ১২:০০'],
    ['14:59', 'দুপুর ২:৫৯'],
    ['15:00', 'বিকাল ৩:০০'],
    ['17:59', 'বিকাল ৫:৫৯'],
    ['18:00', 'সন্ধ্যা ৬:০০'],
    ['19:59', 'সন্ধ্যা ৭:৫৯'],
    ['20:00', 'রাত ৮:০০'],
    ['22:30', 'রাত ১০:৩০'],
    ['23:59', 'রাত ১১:৫৯'],
  ])('reads %s in Dhaka as %s in Bengali', (wall, text) => {
    const instant = new Date(`2026-11-27T${wall}:00+06:00`);
    expect(formatDate(instant, 'time', 'bn')).toBe(text);
  });

  it('names every hour once: the part of the day and the 12-hour time give the hour back', () => {
    for (let hour = 0; hour < 24; hour += 1) expect(hourOf(dayPeriod(hour), hour % 12 || 12)).toBe(hour);
    // A word with an hour it does not cover names no time.
    expect(hourOf('সকাল', 2)).toBeNull();
    expect(DAY_PERIODS).toHaveLength(5);
  });

  it('writes no Latin digit or AM/PM in Bengali at any instant, in any format', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }), (ms) => {
        for (const format of ['dateTime', 'long', 'date', 'time', 'dayMonth'] as const) {
          expect(latinNumberLeaks(formatDate(ms, format, 'bn'))).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('shows a departure after midnight in Dhaka on the Dhaka date, though its UTC date is the day before', () => {
    const halfPastMidnight = '2026-11-26T18:30:00.000Z';
    expect(new Date(halfPastMidnight).getUTCDate()).toBe(26);
    expect(formatDate(halfPastMidnight, 'dateTime', 'en')).toBe('Nov 27, 2026 12:30 AM');
    expect(formatDate(halfPastMidnight, 'dayMonth', 'en')).toBe('27-Nov');
    expect(formatDate(halfPastMidnight, 'date', 'en')).toBe('Nov 27, 2026');
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
    expect(formatDate('2026-11-27', 'date', 'en')).toBe('Nov 27, 2026');
    expect(formatDate('2026-11-30', 'date', 'bn')).toBe('নভে ৩০, ২০২৬');
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

describe('numbers in sentences', () => {
  it('are in Bengali digits in Bengali, through i18next and the same Intl formatter', () => {
    expect(formatCount(12345, 'bn')).toBe('১২,৩৪৫');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(i18n.t('auth:forgot.resendIn', { seconds: 59, lng: 'bn' })).toBe('৫৯ সেকেন্ড পরে আবার ওটিপি পাঠাতে পারবেন');
    expect(i18n.t('banner.expiresInDays', { count: 5, lng: 'bn' })).toBe('আপনার পাসওয়ার্ডের মেয়াদ ৫ দিনের মধ্যে শেষ হবে');
  });

  it('take the plural the number asks for, in English', () => {
    expect(i18n.t('banner.expiresInDays', { count: 1, lng: 'en' })).toBe('Your password will be expired in 1 day');
    expect(i18n.t('banner.expiresInDays', { count: 3, lng: 'en' })).toBe('Your password will be expired in 3 days');
    expect(i18n.t('fields.passwordValidityDays', { count: 1, lng: 'en' })).toBe('1 day');
    expect(i18n.t('fields.passwordValidityDays', { count: 1000, lng: 'en' })).toBe('1,000 days');
  });

  it('count down minutes and seconds in the language', () => {
    expect(formatMinutesSeconds(245, 'en')).toBe('4:05');
    expect(formatMinutesSeconds(245, 'bn')).toBe('৪:০৫');
    expect(formatMinutesSeconds(9, 'bn')).toBe('০:০৯');
  });
});
