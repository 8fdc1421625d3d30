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
