import type { Database } from '../../db/database';
import { ReservationRepository } from './repository';
import type { ReservationEvent, ReservationRow, ReservationSeatRow } from './rows';

/**
 * The reservation module's port for the modules that act on a reservation
 * it sold (ticket-operation, pnr-guard): read a reservation and its seats,
 * change their status, add a history row. Its repository stays its own
 * (lint: a module imports another module's service or port, never its
 * repository). Inside a transaction pass it as `db`.
 */
export class ReservationRecords {
  private readonly repo: ReservationRepository;

  constructor(db: Database) {
    this.repo = new ReservationRepository(db);
  }

  byPnr(pnr: string, db?: Database): Promise<ReservationRow | null> {
    return this.repo.byPnr(pnr, db);
  }

  byId(id: number, db?: Database): Promise<ReservationRow> {
    return this.repo.byId(id, db);
  }

  /** Every seat row of the reservation, active or not, in order. */
  seats(reservationId: number, db?: Database): Promise<ReservationSeatRow[]> {
    return this.repo.seats(reservationId, db);
  }

  setStatus(
    id: number,
    status: number,
    nowIso: string,
    db: Database,
    extra?: Partial<Pick<ReservationRow, 'expires_at' | 'charged_minor' | 'agent_id' | 'outlet_id' | 'user_id'>>,
  ): Promise<void> {
    return this.repo.setStatus(id, status, nowIso, db, extra);
  }

  setSeats(seatIds: number[], set: { status: number; active: 0 | 1 }, db: Database): Promise<void> {
    return this.repo.setSeats(seatIds, set, db);
  }

  event(db: Database, e: ReservationEvent): Promise<void> {
    return this.repo.event(db, e);
  }
}
