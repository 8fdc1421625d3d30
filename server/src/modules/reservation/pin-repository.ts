import { historyRemarkText } from '@agent-portal/contract';
import type { Database } from '../../db/database';

/** A reservation's PIN: its stored hash, and the history row of a PIN SMS that was not delivered. */
export class PinRepository {
  constructor(private readonly db: Database) {}

  /** Stores a new PIN hash (a resend). */
  async setPinHash(reservationId: number, pinHash: string, at: string): Promise<void> {
    await this.db
      .updateTable('reservations')
      .set({ pin_hash: pinHash, updated_at: at })
      .where('id', '=', reservationId)
      .execute();
  }

  /** Puts the earlier PIN hash back, unless the stored one is no longer `newHash` (another resend replaced it). */
  async restorePinHash(reservationId: number, earlierHash: string, newHash: string): Promise<void> {
    await this.db
      .updateTable('reservations')
      .set({ pin_hash: earlierHash })
      .where('id', '=', reservationId)
      .where('pin_hash', '=', newHash)
      .execute();
  }

  /** The history row of a PIN SMS that was not delivered. */
  async smsFailed(reservationId: number, userId: number, at: string): Promise<void> {
    await this.db
      .insertInto('reservation_events')
      .values({
        reservation_id: reservationId,
        action: 'SMS_FAILED',
        user_id: userId,
        outlet_id: null,
        amount_minor: null,
        remarks: historyRemarkText({ code: 'PIN_NOT_DELIVERED', params: {} }),
        created_at: at,
      })
      .execute();
  }
}
