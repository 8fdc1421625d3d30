import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { DAY_MS, HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock';
import { RetentionRepository } from './repository';

export interface RetentionReport {
  sessions: number;
  otps: number;
  otpCooldowns: number;
  idempotencyAnswers: number;
  smsDeleted: number;
  smsMasked: number;
}

/**
 * Nothing grows without end, and no secret stays in clear: ended and dead
 * sessions, spent OTPs, old idempotency answers and old SMS are deleted, and
 * the code or PIN in a stored SMS is masked once it has served. Run by the
 * retention sweep (RETENTION_SWEEP_MINUTES) and by `npm run operator -- retention`.
 */
export class RetentionService {
  private readonly repo: RetentionRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {
    this.repo = new RetentionRepository(db);
  }

  async purge(): Promise<RetentionReport> {
    const now = this.clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const r = this.config.retention;
    // Never a session that could still be used: past the longest idle limit whatever SESSION_KEEP_DAYS says.
    const sessionDays =
      Math.max(r.sessionKeepDays, this.config.rememberIdleDays, Math.ceil(this.config.sessionIdleHours / 24)) + 1;
    return {
      smsMasked: await this.repo.maskSmsSentBefore(ago(r.smsSecretVisibleMinutes * MINUTE_MS)),
      sessions: await this.repo.deleteSessionsUnusedSince(ago(sessionDays * DAY_MS)),
      otps: await this.repo.deleteOtpsCreatedBefore(ago(r.otpKeepDays * DAY_MS)),
      otpCooldowns: await this.repo.deleteOtpCooldownsBefore(ago(this.config.otpResendSeconds * 1000)),
      idempotencyAnswers: await this.repo.deleteIdempotencyAnswersBefore(
        ago(this.config.sales.idempotencyKeepHours * HOUR_MS),
      ),
      smsDeleted: await this.repo.deleteSmsBefore(ago(r.smsKeepDays * DAY_MS)),
    };
  }
}
