import { isRetryableConflict, type Unit, type Units } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SmsMessage, SmsProvider } from '../sms/provider';
import { PinRepository } from './pin-repository';
import type { ReservationRow } from './rows';

/** Sends a reservation's PNR and PIN to the passenger's own phone. */
export class PinNotifier {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly sms: SmsProvider,
  ) {}

  text(r: Pick<ReservationRow, 'pnr'>, pin: string): string {
    return `Your ticket PNR ${r.pnr}, PIN ${pin}. Keep the PIN to change or cancel it.`;
  }

  /** The PIN SMS of reservation `r` to its passenger, sent or stored on behalf of `userId`. */
  private message(
    r: Pick<ReservationRow, 'pnr' | 'passenger_phone'>,
    pin: string,
    userId: number,
    purpose: string,
  ): SmsMessage {
    return { to: r.passenger_phone, text: this.text(r, pin), secret: pin, userId, purpose };
  }

  /**
   * The PIN SMS as one of the unit's deferred writes (Unit.later) when the provider can (SmsProvider.recordLater: the
   * outbox); answers whether it did. The sale queues it once the reservation is written, after its own deferred writes.
   */
  async pinLater(
    uow: Unit,
    r: Pick<ReservationRow, 'pnr' | 'passenger_phone'>,
    pin: string,
    userId: number,
    purpose: string,
  ): Promise<boolean> {
    if (!this.sms.recordLater) return false;
    await this.sms.recordLater(uow, this.message(r, pin, userId, purpose));
    return true;
  }

  /**
   * Inside the sale's unit (`uow`), when the provider keeps messages in this
   * database (SmsProvider.record, the outbox): the PIN SMS is stored exactly
   * when the sale commits, and not at all when it rolls back, in the sale's
   * own (group) transaction instead of a write transaction of its own.
   * Answers false when the provider cannot do that: then sendPin after commit.
   * A failure is recorded in the history, never thrown (the sale stands).
   */
  async recordPin(uow: Unit, r: ReservationRow, pin: string, userId: number, purpose: string): Promise<boolean> {
    if (!this.sms.record) return false;
    try {
      await uow.savepoint('pin_sms', () => this.sms.record!(uow, this.message(r, pin, userId, purpose)));
    } catch (error) {
      // A conflict with another unit is the whole unit's to rerun (db/units.ts), never an undelivered PIN.
      if (isRetryableConflict(error)) throw error;
      // The failed write is undone alone (its savepoint); the sale's unit goes on.
      await this.failed(uow, r, userId);
    }
    return true;
  }

  /** After a sale: a failure is recorded in the history, never thrown (the sale stands; the PIN can be resent). */
  async sendPin(r: ReservationRow, pin: string, userId: number, purpose: string): Promise<boolean> {
    try {
      await this.sms.send(this.message(r, pin, userId, purpose));
      return true;
    } catch {
      await this.units.run((uow) => this.failed(uow, r, userId));
      return false;
    }
  }

  /** The history row SMS_FAILED (the PIN can be resent). */
  private async failed(uow: Unit, r: ReservationRow, userId: number): Promise<void> {
    await uow.repo(PinRepository).smsFailed(r.id, userId, this.clock.now().toISOString());
  }

  /**
   * For resendPin, inside its transaction with the new PIN hash, when the
   * provider keeps messages in this database (the outbox, the send queue):
   * the SMS is stored exactly when the new PIN is. A failure throws
   * SMS_PROVIDER_SERVICE_UNAVAILABLE, which rolls both back. Answers false
   * when the provider cannot (then sendOrThrow once the PIN is stored).
   */
  async queueResend(uow: Unit, r: ReservationRow, pin: string, userId: number): Promise<boolean> {
    if (!this.sms.record) return false;
    try {
      await this.sms.record(uow, this.message(r, pin, userId, 'RESERVATION_PIN_RESEND'));
    } catch (error) {
      throw new AppError('SMS_PROVIDER_SERVICE_UNAVAILABLE', undefined, 'Failed to send SMS', { cause: error });
    }
    return true;
  }

  /** For resendPin with a provider outside the database: the caller must know it failed. */
  async sendOrThrow(r: ReservationRow, pin: string, userId: number): Promise<void> {
    try {
      await this.sms.send(this.message(r, pin, userId, 'RESERVATION_PIN_RESEND'));
    } catch (error) {
      throw new AppError('SMS_PROVIDER_SERVICE_UNAVAILABLE', undefined, 'Failed to send SMS', { cause: error });
    }
  }
}
