import type { Clock } from './clock';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding-window counter kept in memory: at most `limit` hits per key in
 * any `windowMs`. One process serves an agency, so memory is enough here.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Records a hit for `key` unless it is over the limit. */
  hit(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.sweep(now);
    return { allowed: true };
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(key);
    }
  }
}

interface BackoffState {
  failures: number;
  lockedUntil: number;
  lastAt: number;
}

/** A key's failures are forgotten this long after its last one. */
const BACKOFF_FORGET_MS = 24 * 60 * 60 * 1000;

/**
 * Exponential backoff per key, in memory: the first `free` failures cost
 * nothing, then each failure locks the key for 1 s, 2 s, 4 s, ... up to
 * `maxSeconds`. attempt() counts an attempt as a failure as soon as it is
 * let through, before its outcome is known, so attempts fired at once are
 * all counted; succeeded() clears the key, forgive() takes one failure back.
 */
export class ExponentialBackoff {
  private readonly states = new Map<string, BackoffState>();

  constructor(
    private readonly free: number,
    private readonly maxSeconds: number,
    private readonly clock: Clock,
  ) {}

  /** Seconds `key` must still wait, or 0. */
  waitSeconds(key: string): number {
    const now = this.clock.now().getTime();
    const state = this.live(key, now);
    return state && state.lockedUntil > now ? Math.ceil((state.lockedUntil - now) / 1000) : 0;
  }

  /** Lets an attempt through, counted as a failure, or refuses it with the wait left. */
  attempt(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const wait = this.waitSeconds(key);
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    const state = this.live(key, now) ?? { failures: 0, lockedUntil: 0, lastAt: now };
    state.failures += 1;
    state.lastAt = now;
    state.lockedUntil = this.lockEnd(state);
    this.states.set(key, state);
    if (this.states.size > 100_000) this.sweep(now);
    return { allowed: true };
  }

  succeeded(key: string): void {
    this.states.delete(key);
  }

  forgive(key: string): void {
    const state = this.states.get(key);
    if (!state) return;
    state.failures = Math.max(0, state.failures - 1);
    state.lockedUntil = this.lockEnd(state);
  }

  private lockEnd(state: BackoffState): number {
    if (state.failures < this.free) return 0;
    return state.lastAt + Math.min(this.maxSeconds, 2 ** Math.min(30, state.failures - this.free)) * 1000;
  }

  private live(key: string, now: number): BackoffState | undefined {
    const state = this.states.get(key);
    if (state && now - state.lastAt > BACKOFF_FORGET_MS) {
      this.states.delete(key);
      return undefined;
    }
    return state;
  }

  private sweep(now: number): void {
    for (const [key, state] of this.states) if (state.lockedUntil <= now) this.states.delete(key);
  }
}
