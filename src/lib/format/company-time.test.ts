import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDay,
  companyTimeZone,
  companyToday,
  fromCompanyWallTime,
  now,
  nowMs,
  resetCompanyTime,
  setCompanyTime,
  toCompanyWallTime,
  wallClockAsUtc,
} from './company-time';
import { formatDate, toInputDate } from './dates';

/** The PC's clock, stopped here: two years behind the server's. */
const PC_CLOCK = '2024-01-01T00:00:00.000Z';

function onPcClock(iso: string = PC_CLOCK) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(iso);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the company's clock", () => {
  it("is the server's, however wrong the PC's clock: the offset is measured when the profile arrives", () => {
    onPcClock();
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T04:00:00.000Z' });
    expect(now().toISOString()).toBe('2026-03-10T04:00:00.000Z');
    vi.advanceTimersByTime(90_000);
    expect(now().toISOString()).toBe('2026-03-10T04:01:30.000Z');
    expect(nowMs()).toBe(Date.parse('2026-03-10T04:01:30.000Z'));
    expect(formatDate(now(), 'dateTime', 'en')).toBe('Mar 10, 2026 10:01 AM');
  });

  it('counts the time since the answer arrived when it is taken in later', () => {
    onPcClock();
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T04:00:00.000Z' }, Date.parse(PC_CLOCK) - 60_000);
    expect(now().toISOString()).toBe('2026-03-10T04:01:00.000Z');
  });

  it("turns to the next day at the company's midnight, not the PC's", () => {
    // 23:59:30 in Dhaka, 17:59:30 UTC, 12:59:30 in New York.
    onPcClock();
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-31T17:59:30.000Z' });
    expect(companyToday()).toBe('2026-03-31');
    expect(toInputDate(calendarDay())).toBe('2026-03-31');
    vi.advanceTimersByTime(30_000);
    expect(companyToday()).toBe('2026-04-01');
    expect(toInputDate(calendarDay())).toBe('2026-04-01');
    // "This month" for the filters' defaults is the company's month too.
    expect(toInputDate(calendarDay().startOf('month'))).toBe('2026-04-01');
  });

  it("holds a calendar date as a picker value that gives back that date, whatever the PC's zone", () => {
    expect(toInputDate(calendarDay('2026-11-27'))).toBe('2026-11-27');
    expect(calendarDay('2026-11-27').format('DD-MM-YYYY')).toBe('27-11-2026');
  });

  it("falls back to the PC's zone and clock before any profile has loaded", () => {
    onPcClock();
    resetCompanyTime();
    expect(companyTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(now().toISOString()).toBe(PC_CLOCK);
  });

  it("keeps the PC's zone when the profile names a zone Intl does not know", () => {
    setCompanyTime({ timeZone: 'Mars/Olympus_Mons', serverTime: '2026-03-10T04:00:00.000Z' });
    expect(companyTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('turns the wall time typed in a picker into the instant it names in the company zone, and back', () => {
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T04:00:00.000Z' });
    const shown = toCompanyWallTime('2026-03-10T19:45:00.000Z');
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-03-11 01:45');
    expect(fromCompanyWallTime(shown).toISOString()).toBe('2026-03-10T19:45:00.000Z');
    expect(fromCompanyWallTime(calendarDay('2026-03-11').hour(2).minute(30)).toISOString()).toBe(
      '2026-03-10T20:30:00.000Z',
    );
  });

  it('puts the wall time in the UTC fields of a date for files without zones', () => {
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T04:00:00.000Z' });
    expect(wallClockAsUtc('2026-11-26T18:30:00.000Z').toISOString()).toBe('2026-11-27T00:30:00.000Z');
  });
});
