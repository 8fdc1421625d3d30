import type { Config } from '../../config';
import type { Units } from '../../db/units';
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
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  async purge(): Promise<RetentionReport> {
    const now = this.clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const r = this.config.retention;
    // Never a session that could still be used: past the longest idle limit whatever SESSION_KEEP_DAYS says.
    const sessionDays =
      Math.max(r.sessionKeepDays, this.config.rememberIdleDays, Math.ceil(this.config.sessionIdleHours / 24)) + 1;
    return {
      smsMasked: await this.units.run((uow) =>
        uow.repo(RetentionRepository).maskSmsSentBefore(ago(r.smsSecretVisibleMinutes * MINUTE_MS)),
      ),
      sessions: await this.units.run((uow) =>
        uow.repo(RetentionRepository).deleteSessionsUnusedSince(ago(sessionDays * DAY_MS)),
      ),
      otps: await this.units.run((uow) =>
        uow.repo(RetentionRepository).deleteOtpsCreatedBefore(ago(r.otpKeepDays * DAY_MS)),
      ),
      otpCooldowns: await this.units.run((uow) =>
        uow.repo(RetentionRepository).deleteOtpCooldownsBefore(ago(this.config.otpResendSeconds * 1000)),
      ),
      idempotencyAnswers: await this.units.run((uow) =>
        uow
          .repo(RetentionRepository)
          .deleteIdempotencyAnswersBefore(ago(this.config.sales.idempotencyKeepHours * HOUR_MS)),
      ),
      smsDeleted: await this.units.run((uow) =>
        uow.repo(RetentionRepository).deleteSmsBefore(ago(r.smsKeepDays * DAY_MS)),
      ),
    };
  }
}
