/**
 * Local dates and wall-clock times in the company's time zone (trip dates
 * and departure times are local; the API carries UTC instants).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsOf(instant: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at an instant, in ms (Asia/Dhaka: +6 h). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** yyyy-MM-dd of an instant in the zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  return dateOfParts(partsOf(instant, timeZone));
}

/** An instant's date (yyyy-MM-dd) and time of day in the zone. */
export function localTimeOf(instant: Date, timeZone: string): { date: string; hour: number; minute: number } {
  const p = partsOf(instant, timeZone);
  return { date: dateOfParts(p), hour: p.hour ?? 0, minute: p.minute ?? 0 };
}

function dateOfParts(p: Record<string, number>): string {
  const pad = (n: number | undefined, w = 2) => String(n ?? 0).padStart(w, '0');
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant of a local date and minute of the day in the zone. */
export function zonedInstant(localDate: string, minuteOfDay: number, timeZone: string): Date {
  const [y, m, d] = localDate.split('-').map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, minuteOfDay);
  // Two passes settle the offset even across a daylight-saving change.
  let at = guess - offsetMs(new Date(guess), timeZone);
  at = guess - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** The local date `days` after a local date. */
export function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}
