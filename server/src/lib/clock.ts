/** The one source of "now" for services, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `start` and runs on in real time (monotonic, so a
 * change of the machine's clock does not move it). The server and the
 * operator command line use it when FIXED_NOW is set.
 */
export function clockStartingAt(start: Date, elapsedMs: () => number = () => performance.now()): Clock {
  const origin = elapsedMs();
  const startMs = start.getTime();
  return { now: () => new Date(startMs + Math.floor(elapsedMs() - origin)) };
}

/** The composition root's clock: FIXED_NOW's when set, else the system's. */
export function clockFor(config: { fixedNow: Date | null }): Clock {
  return config.fixedNow ? clockStartingAt(config.fixedNow) : systemClock;
}

/** A clock that only moves when told to (tests, simulations). */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-15T06:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceSeconds(s: number): void {
    this.advance(s * 1000);
  }

  advanceMinutes(m: number): void {
    this.advance(m * 60_000);
  }

  advanceHours(h: number): void {
    this.advance(h * 3_600_000);
  }

  advanceDays(d: number): void {
    this.advance(d * 86_400_000);
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
