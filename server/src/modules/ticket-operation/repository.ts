import type { Database } from '../../db/database';

/**
 * The writes of ticket operations and boarding-point changes on a reservation and its seats beyond what
 * ReservationRecords offers (its status, seats' status and history rows). Run inside the operation's unit (`trx`).
 */
export class TicketOperationRepository {
  /** A confirmed booking's seat: sold, with its commission. */
  async sellSeat(trx: Database, seatId: number, status: number, commissionMinor: number): Promise<void> {
    await trx
      .updateTable('reservation_seats')
      .set({ status, commission_minor: commissionMinor })
      .where('id', '=', seatId)
      .execute();
  }

  /** The migrated-from reservation (TRIP_MIGRATED, by PNR) of a cancelled migration: now `status`. */
  async cancelMigratedSource(
    trx: Database,
    referencePnr: string,
    from: number,
    status: number,
    at: string,
  ): Promise<void> {
    await trx
      .updateTable('reservations')
      .set({ status, updated_at: at })
      .where('pnr', '=', referencePnr)
      .where('status', '=', from)
      .execute();
  }

  /** What the reservation has been charged in all, after a partial cancel's refund. */
  async setCharged(trx: Database, reservationId: number, chargedMinor: number, at: string): Promise<void> {
    await trx
      .updateTable('reservations')
      .set({ charged_minor: chargedMinor, updated_at: at })
      .where('id', '=', reservationId)
      .execute();
  }

  /** A booking held until `expiresAt`. */
  async extendBooking(trx: Database, reservationId: number, expiresAt: string, at: string): Promise<void> {
    await trx
      .updateTable('reservations')
      .set({ expires_at: expiresAt, updated_at: at })
      .where('id', '=', reservationId)
      .execute();
  }

  /**
   * A later boarding point: the active seats and the reservation hold the legs from stop `fromIndex`; the
   * cancellation terms stay those of `fineFromIndex`.
   */
  async moveBoardingPoint(
    trx: Database,
    reservationId: number,
    m: { fromIndex: number; originStationId: number; fineFromIndex: number; at: string },
  ): Promise<void> {
    // The fare is kept; only the legs held change. Active seats only: a cancelled seat holds nothing.
    await trx
      .updateTable('reservation_seats')
      .set({ from_index: m.fromIndex })
      .where('reservation_id', '=', reservationId)
      .where('active', '=', 1)
      .execute();
    // The cancellation terms stay the sold-from stop's (migration 0014, reservation/fines.ts fineBoardingIndex).
    await trx
      .updateTable('reservations')
      .set({
        from_index: m.fromIndex,
        origin_station_id: m.originStationId,
        fine_from_index: m.fineFromIndex,
        updated_at: m.at,
      })
      .where('id', '=', reservationId)
      .execute();
  }
}
