/**
 * Wall clocks of IANA time zones, from Intl alone.
 *
 * dayjs's timezone plugin (`.tz()`) reads the zone's wall time back through
 * the PC's own zone, so on a PC whose zone skips an hour (New York on a March
 * night) a Dhaka time in that hour comes out an hour late. Here every step is
 * UTC arithmetic plus one cached Intl formatter per zone: the PC's zone never
 * enters.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether Intl knows this zone name (a misconfigured server must not break every screen). */
export function isTimeZone(zone: string): boolean {
  try {
    partsOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms (Dhaka: 6 h). */
export function zoneOffsetMs(zone: string, instant: number): number {
  const field: Record<string, number> = {};
  for (const part of partsOf(zone).formatToParts(instant)) field[part.type] = Number(part.value);
  const wall = Date.UTC(
    field.year ?? 1970,
    (field.month ?? 1) - 1,
    field.day ?? 1,
    field.hour ?? 0,
    field.minute ?? 0,
    field.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The zone's wall time at an instant, as ms whose UTC fields read that wall time. */
export function toWallClock(zone: string, instant: number): number {
  return instant + zoneOffsetMs(zone, instant);
}

/**
 * The instant a wall time names in the zone (the wall time given as ms whose
 * UTC fields read it). A time the zone skips or repeats gets one of the two
 * offsets around it (Dhaka has no such times).
 */
export function fromWallClock(zone: string, wall: number): number {
  const guess = wall - zoneOffsetMs(zone, wall);
  return wall - zoneOffsetMs(zone, guess);
}
