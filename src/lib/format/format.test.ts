import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { TEST_NOW } from '../../test/fixtures';
import { calendarDay, companyToday, fromCompanyWallTime, now, setCompanyTime, toCompanyWallTime } from './company-time';
import { formatDate, toInputDate, toInputTime } from './dates';
import { formatMoney } from './money';

beforeAll(async () => {
  await initI18n('en');
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
  // 14:07 in Dhaka (the tests' company zone); the PC's zone is America/New_York (vitest.config.ts).
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
  });

  it('uses Bengali month names and digits in Bengali', () => {
    expect(formatDate(when, 'date', 'bn')).toBe('মার্চ ০৫, ২৫');
    expect(formatDate(when, 'dayMonth', 'bn')).toBe('৫-মার্চ');
    expect(formatDate(when, 'long', 'bn')).toMatch(/^০৫-০৩-২০২৫ ০২:০৭ /);
  });

  it('shows a departure after midnight in Dhaka on the Dhaka date, whatever the PC zone', () => {
    // 00:30 on 27 Nov in Dhaka is 18:30 on 26 Nov in UTC and 13:30 in New York, the PC's zone here.
    expect(new Date('2026-11-26T18:30:00.000Z').getHours()).toBe(13);
    expect(formatDate('2026-11-26T18:30:00.000Z', 'dateTime', 'en')).toBe('Nov 27, 2026 12:30 AM');
    expect(formatDate('2026-11-26T18:30:00.000Z', 'dayMonth', 'en')).toBe('27-Nov');
  });

  it('follows the company zone the profile names', () => {
    setCompanyTime({ timeZone: 'Asia/Kolkata', serverTime: TEST_NOW });
    expect(formatDate(when, 'time', 'en')).toBe('01:37 PM');
  });

  it('shows a calendar date (a trip date) as it is', () => {
    expect(formatDate('2026-11-27', 'date', 'en')).toBe('Nov 27, 26');
  });

  it('keeps input values in Latin digits whatever the language', () => {
    const picked = calendarDay('2025-03-05').hour(14).minute(7);
    expect(toInputDate(picked)).toBe('2025-03-05');
    expect(toInputTime(picked)).toBe('14:07');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe("the company's clock", () => {
  it("is the server's: its now, today and calendar days come from the profile's serverTime", () => {
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-11-26T18:30:00.000Z' }, Date.now() - 60_000);
    // Received a minute ago by the PC's clock: the server's now has moved on by that minute.
    expect(Math.abs(now().getTime() - Date.parse('2026-11-26T18:31:00.000Z'))).toBeLessThan(5_000);
    expect(companyToday()).toBe('2026-11-27');
    expect(calendarDay().format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(toInputDate(calendarDay().startOf('month'))).toBe('2026-11-01');
  });

  it('turns the wall time typed in a picker into the instant it names in the company zone, and back', () => {
    const typed = toCompanyWallTime('2026-03-10T19:45:00.000Z');
    expect(typed.format('YYYY-MM-DD HH:mm')).toBe('2026-03-11 01:45');
    expect(fromCompanyWallTime(typed).toISOString()).toBe('2026-03-10T19:45:00.000Z');
  });
});
