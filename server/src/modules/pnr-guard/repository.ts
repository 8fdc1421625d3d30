import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { PinAttemptKind } from '../../db/schema-reservations';

/** "At most `max` per window": a window starts at the first claim. */
export interface CounterRule {
  max: number;
  windowMs: number;
  lockMs: number;
  /**
   * true: the claim that reaches `max` locks for lockMs (every claim is a
   * use, e.g. a resend). false: a claim is a try in flight that may be
   * given back; lockIfFull() locks once a wrong one is known.
   */
  lockOnClaim: boolean;
}

/** Refused with lockedUntil null: at the limit with tries still in flight (neither locked nor free yet). */
export type Claim = { ok: true; tries: number } | { ok: false; lockedUntil: string | null };

/**
 * The pin_attempts counters (migration 0008). Every claim is ONE statement
 * (INSERT ... ON CONFLICT DO UPDATE ... WHERE under limit RETURNING), so
 * however many requests arrive at once no more than `max` get through.
 */
export class PinAttemptRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes one try of (kind, key) at `now`, or none when the counter is at
   * its limit or locked. A window that has passed, or a lock that has
   * ended, starts the count over.
   */
  async claim(kind: PinAttemptKind, key: string, rule: CounterRule, now: Date): Promise<Claim> {
    const nowIso = now.toISOString();
    const windowGone = new Date(now.getTime() - rule.windowMs).toISOString();
    const lockEnd = rule.lockOnClaim ? new Date(now.getTime() + rule.lockMs).toISOString() : null;
    const fresh = sql`((pin_attempts.locked_until is not null and pin_attempts.locked_until <= ${nowIso}) or (pin_attempts.locked_until is null and pin_attempts.window_start <= ${windowGone}))`;
    const tries = sql`(case when ${fresh} then 1 else pin_attempts.tries + 1 end)`;
    const { rows } = await sql<{ tries: number }>`
      insert into pin_attempts (kind, key, tries, window_start, locked_until)
      values (${kind}, ${key}, 1, ${nowIso}, ${rule.max <= 1 ? lockEnd : null})
      on conflict (kind, key) do update set
        tries = ${tries},
        window_start = case when ${fresh} then excluded.window_start else pin_attempts.window_start end,
        locked_until = case when ${tries} >= ${rule.max} then ${lockEnd} else null end
      where ${fresh} or (pin_attempts.locked_until is null and pin_attempts.tries < ${rule.max})
      returning tries`.execute(this.db);
    const row = rows[0];
    if (row) return { ok: true, tries: row.tries };
    // Refused: only to say until when (the claim itself was the one statement).
    const held = await this.db
      .selectFrom('pin_attempts')
      .select(['locked_until', 'window_start'])
      .where('kind', '=', kind)
      .where('key', '=', key)
      .executeTakeFirst();
    if (held?.locked_until) return { ok: false, lockedUntil: held.locked_until };
    return {
      ok: false,
      lockedUntil: rule.lockOnClaim
        ? new Date(new Date(held?.window_start ?? nowIso).getTime() + rule.windowMs).toISOString()
        : null,
    };
  }

  /** After a wrong try: locks for lockMs when the count stands at the limit (one statement). */
  async lockIfFull(kind: PinAttemptKind, key: string, rule: CounterRule, now: Date): Promise<void> {
    await this.db
      .updateTable('pin_attempts')
      .set({ locked_until: new Date(now.getTime() + rule.lockMs).toISOString() })
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('tries', '>=', rule.max)
      .where('locked_until', 'is', null)
      .execute();
  }

  /**
   * Gives a claimed try back (the PIN was right, nothing was sent): the
   * count goes down by one and a lock is lifted, since the count is under
   * the limit again (a lock set while this try was in flight counted it).
   */
  async giveBack(kind: PinAttemptKind, key: string): Promise<void> {
    await this.db
      .updateTable('pin_attempts')
      .set((eb) => ({ tries: eb('tries', '-', 1), locked_until: null }))
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('tries', '>', 0)
      .execute();
  }

  /** Forgets a counter (the operator's unlock); answers what it held. */
  async clear(kind: PinAttemptKind, key: string): Promise<{ tries: number; lockedUntil: string | null } | null> {
    const row = await this.db
      .deleteFrom('pin_attempts')
      .where('kind', '=', kind)
      .where('key', '=', key)
      .returning(['tries', 'locked_until'])
      .executeTakeFirst();
    return row ? { tries: row.tries, lockedUntil: row.locked_until } : null;
  }
}
