import type { Dayjs } from 'dayjs';

/**
 * A booking may be held until 60 minutes before the passenger's boarding
 * time (the server's default, and it checks anyway: INVALID_EXPIRATION_TIME
 * names its own limit).
 */
export const BOOKING_CUTOFF_MINUTES = 60;

export function latestExpiry(boardingTime: string, cutoffMinutes = BOOKING_CUTOFF_MINUTES): Date {
  return new Date(new Date(boardingTime).getTime() - cutoffMinutes * 60_000);
}

/** The hours and minutes of `day` outside [min, max], for the picker's disabledTime. */
export function disabledTimeOf(day: Dayjs | null, min: Dayjs, max: Dayjs) {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  return {
    disabledHours: () => {
      if (!day) return [];
      const hours: number[] = [];
      if (day.isSame(min, 'day')) hours.push(...range(0, min.hour()));
      if (day.isSame(max, 'day')) hours.push(...range(max.hour() + 1, 24));
      return hours;
    },
    disabledMinutes: (hour: number) => {
      if (!day) return [];
      const minutes: number[] = [];
      if (day.isSame(min, 'day') && hour === min.hour()) minutes.push(...range(0, min.minute() + 1));
      if (day.isSame(max, 'day') && hour === max.hour()) minutes.push(...range(max.minute() + 1, 60));
      return minutes;
    },
  };
}
