import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Rows per statement: each batch is its own short write, so sales never wait behind a long purge. */
const BATCH = 1000;

/** The purge queries, each one batch at a time through an index on its time column (migration 0011). */
export class RetentionRepository {
  constructor(private readonly db: Database) {}

  private async inBatches(run: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await run();
      total += n;
      if (n < BATCH) return total;
    }
  }

  private async changed(query: ReturnType<typeof sql>): Promise<number> {
    const result = await query.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Sessions last used before `before` (ended, or dead of old age without a request to end them). */
  deleteSessionsUnusedSince(before: string): Promise<number> {
    return this.inBatches(() =>
      this.changed(
        sql`delete from sessions where id in (select id from sessions where last_seen_at < ${before} limit ${BATCH})`,
      ),
    );
  }

  deleteOtpsCreatedBefore(before: string): Promise<number> {
    return this.inBatches(() =>
      this.changed(sql`delete from otps where id in (select id from otps where created_at < ${before} limit ${BATCH})`),
    );
  }

  /** Cool-downs of usernames without an OTP (migration 0016) started before `before`: over, they serve nothing. */
  deleteOtpCooldownsBefore(before: string): Promise<number> {
    return this.inBatches(() =>
      this.changed(
        sql`delete from otp_cooldowns where name_hash in (select name_hash from otp_cooldowns where sent_at < ${before} limit ${BATCH})`,
      ),
    );
  }

  deleteIdempotencyAnswersBefore(before: string): Promise<number> {
    return this.inBatches(() =>
      this.changed(
        sql`delete from idempotency_keys where (user_id, key) in (select user_id, key from idempotency_keys where created_at < ${before} limit ${BATCH})`,
      ),
    );
  }

  deleteSmsBefore(before: string): Promise<number> {
    return this.inBatches(() =>
      this.changed(
        sql`delete from sms_outbox where id in (select id from sms_outbox where created_at < ${before} limit ${BATCH})`,
      ),
    );
  }

  /** Puts each message's masked text in place of its text, for messages sent before `before`. */
  maskSmsSentBefore(before: string): Promise<number> {
    return this.inBatches(() =>
      this.changed(
        sql`update sms_outbox set text = masked_text, masked_text = null
            where id in (select id from sms_outbox where masked_text is not null and created_at < ${before} limit ${BATCH})`,
      ),
    );
  }
}
