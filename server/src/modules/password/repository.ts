import type { Database } from '../../db/database';
import type { OtpRow } from '../../db/schema';

export class OtpRepository {
  constructor(private readonly db: Database) {}

  /** The user's newest reset OTP that is neither used nor voided. */
  latestLive(userId: number): Promise<OtpRow | undefined> {
    return this.db
      .selectFrom('otps')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', 'PASSWORD_RESET')
      .where('consumed_at', 'is', null)
      .where('voided_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async voidLive(userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('otps')
      .set({ voided_at: at })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
  }

  async insert(row: { userId: number; codeHash: string; createdAt: string; expiresAt: string }): Promise<number> {
    const result = await this.db
      .insertInto('otps')
      .values({
        user_id: row.userId,
        purpose: 'PASSWORD_RESET',
        code_hash: row.codeHash,
        created_at: row.createdAt,
        expires_at: row.expiresAt,
        verified_at: null,
        consumed_at: null,
        voided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return result.id;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('otps').where('id', '=', id).execute();
  }

  /**
   * Claims one of `max` tries in one statement, before the code is compared:
   * the new count, or undefined when the tries are spent (or the OTP was
   * used or replaced meanwhile). Of any number of
   * guesses at once, at most `max` get a try.
   */
  async claimAttempt(id: number, max: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .where('consumed_at', 'is', null)
      .where('voided_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
  }

  /** Gives a claimed try back (the code was right). */
  async returnAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .where('attempts', '>', 0)
      .execute();
  }

  async markVerified(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('otps')
      .set({ verified_at: at })
      .where('id', '=', id)
      .where('verified_at', 'is', null)
      .execute();
  }

  async markConsumed(id: number, at: string): Promise<void> {
    await this.db.updateTable('otps').set({ consumed_at: at }).where('id', '=', id).execute();
  }
}

/**
 * The resend cool-down of usernames that get no OTP (unknown or unreachable),
 * kept in the database as a real user's is (its live OTP), so every server
 * process, and the same one after a restart, answers both kinds alike.
 */
export class OtpCooldownRepository {
  constructor(private readonly db: Database) {}

  /**
   * Starts the cool-down of `nameHash` at `now` unless one started after
   * `notBefore` still runs: one statement, so two processes asking at once
   * start it once. Answers whether it started.
   */
  async start(nameHash: string, now: string, notBefore: string): Promise<boolean> {
    const result = await this.db
      .insertInto('otp_cooldowns')
      .values({ name_hash: nameHash, sent_at: now })
      .onConflict((oc) =>
        oc.column('name_hash').doUpdateSet({ sent_at: now }).where('otp_cooldowns.sent_at', '<=', notBefore),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async sentAt(nameHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('otp_cooldowns')
      .select('sent_at')
      .where('name_hash', '=', nameHash)
      .executeTakeFirst();
    return row?.sent_at;
  }
}
