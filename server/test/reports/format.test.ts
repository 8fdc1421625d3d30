/**
 * The report files' formatter (issue #33): what a Bengali file prints for a
 * number, a date and a time of day, and that English files print the clock
 * the English screens show.
 */
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
} from '../../src/modules/reports/files/format';

describe('report file formatter', () => {
  it('prints Bengali digits in Bengali files and Latin ones in English files', () => {
    expect(formatMoney(1234567.5, 'bn')).toBe('১২,৩৪,৫৬৭.৫০');
    expect(formatMoney(-1234.5, 'en')).toBe('-1,234.50');
    expect(formatCount(60000, 'bn')).toBe('৬০,০০০');
    expect(formatCount(60000, 'en')).toBe('60,000');
    expect(formatDate('2026-11-27', 'bn')).toBe('২০২৬-১১-২৭');
    expect(formatDate('2026-11-27', 'en')).toBe('2026-11-27');
  });

  it('says the Bengali part of the day before a 12-hour time, at each boundary', () => {
    const at = (h: number, m: number) => formatClock(h, m, 'bn');
    expect(at(0, 30)).toBe('রাত ১২:৩০');
    expect(at(3, 59)).toBe('রাত ৩:৫৯');
    expect(at(4, 0)).toBe('সকাল ৪:০০');
    expect(at(11, 59)).toBe('সকাল ১১:৫৯');
    expect(at(12, 0)).toBe('দুপুর ১২:০০');
    expect(at(14, 59)).toBe('দুপুর ২:৫৯');
    expect(at(15, 0)).toBe('বিকাল ৩:০০');
    expect(at(17, 59)).toBe('বিকাল ৫:৫৯');
    expect(at(18, 0)).toBe('সন্ধ্যা ৬:০০');
    expect(at(19, 30)).toBe('সন্ধ্যা ৭:৩০');
    expect(at(20, 0)).toBe('রাত ৮:০০');
    expect(at(23, 59)).toBe('রাত ১১:৫৯');
  });

  it('prints the English screens’ 12-hour clock in English files (the portal’s hh:mm A), at each boundary', () => {
    const at = (h: number, m: number) => formatClock(h, m, 'en');
    expect(at(0, 0)).toBe('12:00 AM');
    expect(at(0, 30)).toBe('12:30 AM');
    expect(at(7, 5)).toBe('07:05 AM');
    expect(at(11, 59)).toBe('11:59 AM');
    expect(at(12, 0)).toBe('12:00 PM');
    expect(at(13, 0)).toBe('01:00 PM');
    expect(at(19, 30)).toBe('07:30 PM');
    expect(at(23, 59)).toBe('11:59 PM');
  });

  it('prints an instant in the company’s zone with the full year', () => {
    // 13:30 UTC is 19:30 in Dhaka (UTC+6).
    expect(formatDateTime('2026-11-27T13:30:00.000Z', 'Asia/Dhaka', 'bn')).toBe('২০২৬-১১-২৭ সন্ধ্যা ৭:৩০');
    expect(formatDateTime('2026-11-27T13:30:00.000Z', 'Asia/Dhaka', 'en')).toBe('2026-11-27 07:30 PM');
    // 20:00 UTC is already the next day in Dhaka.
    expect(formatDateTime('2026-11-27T20:00:00.000Z', 'Asia/Dhaka', 'bn')).toBe('২০২৬-১১-২৮ রাত ২:০০');
  });
});
