import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
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

describe('formatDate (SPEC.md section 9)', () => {
  // A local time, so the test does not depend on the machine's time zone.
  const when = new Date(2025, 2, 5, 14, 7);

  it.each([
    ['dateTime', 'Mar 05, 2025 02:07 PM'],
    ['long', '05-03-2025 02:07 PM'],
    ['date', 'Mar 05, 25'],
    ['time', '02:07 PM'],
    ['dayMonth', '5-Mar'],
  ] as const)('%s in English reads %s', (format, text) => {
    expect(formatDate(when, format, 'en')).toBe(text);
  });

  it('uses Bengali month names and digits in Bengali', () => {
    expect(formatDate(when, 'date', 'bn')).toBe('মার্চ ০৫, ২৫');
    expect(formatDate(when, 'dayMonth', 'bn')).toBe('৫-মার্চ');
    expect(formatDate(when, 'long', 'bn')).toMatch(/^০৫-০৩-২০২৫ ০২:০৭ /);
  });

  it('keeps input values in Latin digits whatever the language', () => {
    expect(toInputDate(when)).toBe('2025-03-05');
    expect(toInputTime(when)).toBe('14:07');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
