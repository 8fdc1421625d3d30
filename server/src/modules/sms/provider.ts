import type { Unit } from '../../db/units';

/** One text message to a phone. */
export interface SmsMessage {
  to: string;
  text: string;
  /** The user it concerns, when there is one (kept with the message). */
  userId?: number | null;
  /** Why it was sent, e.g. PASSWORD_RESET_OTP. */
  purpose: string;
  /**
   * The code or PIN inside the text, if any. A provider that keeps messages
   * keeps them with this masked once it has served (SMS_SECRET_VISIBLE_MINUTES).
   */
  secret?: string;
}

/**
 * Where text messages go. The default keeps them in the sms_outbox table
 * (read with `npm run operator -- outbox`); a real gateway implements the
 * same port. A failure must throw: callers answer SMS_PROVIDER_SERVICE_UNAVAILABLE.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
  /**
   * Optional, for a provider that keeps messages in the server's own
   * database (the outbox): writes the message in `uow`, the caller's unit
   * of work, so it is stored exactly when that unit commits and never for
   * one that rolls back, without a write transaction of its own.
   */
  record?(uow: Unit, message: SmsMessage): Promise<void>;
  /**
   * Optional, for a provider whose message is one row of the server's own
   * database with no constraint of its own beyond the user it concerns (the
   * outbox): that row as one of the unit's deferred writes, rows nothing reads
   * back (db/unit.ts, Unit.later). It is then written with them, in the same
   * statement on PostgreSQL, and can fail only where they do, so the caller
   * needs no savepoint around it.
   */
  recordLater?(uow: Unit, message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
