import { ReservationStatus, historyRemarkText, type SeatType } from '@agent-portal/contract';
import type { Reader, Unit, Units } from '../../db/units';
import { ReservationRepository } from './repository';
import type { ReservationEvent, ReservationRow, ReservationSeatRow } from './rows';
import { assertStateChanged } from './state-change';

/** A seat the operator holds (admin booked 3, linked 13): one reservation, its seat and its history row. */
export interface OperatorHold {
  pnr: string;
  pinHash: string;
  status: 3 | 13;
  trip: { id: number; companyId: number; routeId: number };
  segment: { fromIndex: number; toIndex: number };
  originStationId: number;
  destinationStationId: number;
  seatName: string;
  seatType: SeatType;
  fareMinor: number;
  at: string;
}

/**
 * The reservation module's port for the modules that act on a reservation
 * it sold (ticket-operation, pnr-guard): read a reservation and its seats,
 * change their status, add a history row; and for the trip operator's seat
 * holds (trip/operator.ts), which are reservations with no agent. Its repository stays its own
 * (lint: a module imports another module's service or port, never its
 * repository). Writes take the unit first (they run only inside one); a read
 * `xIn(r, ...)` reads with the caller's reader (inside a unit, the unit), and
 * its plain form `x(...)`, where one exists, outside any unit.
 */
export class ReservationRecords {
  constructor(private readonly units: Units) {}

  /** Outside any unit. */
  byPnr(pnr: string): Promise<ReservationRow | null> {
    return this.units.read((r) => this.byPnrIn(r, pnr));
  }

  byPnrIn(r: Reader, pnr: string): Promise<ReservationRow | null> {
    return r.repo(ReservationRepository).byPnr(pnr);
  }

  byIdIn(r: Reader, id: number): Promise<ReservationRow> {
    return r.repo(ReservationRepository).byId(id);
  }

  /**
   * Ids of up to `limit` bookings (of one trip, or all) lapsed at `nowIso` (booking-expiry; every lock and sale),
   * outside any unit.
   */
  lapsedBookings(nowIso: string, limit: number, tripId?: number): Promise<number[]> {
    return this.units.read((r) => this.lapsedBookingsIn(r, nowIso, limit, tripId));
  }

  lapsedBookingsIn(r: Reader, nowIso: string, limit: number, tripId?: number): Promise<number[]> {
    return r.repo(ReservationRepository).lapsedBookings(nowIso, limit, tripId);
  }

  /** Lapsed bookings expired in the unit: status 5, seats freed, a history row each; the ids it expired. */
  expireBookings(uow: Unit, ids: readonly number[], nowIso: string): Promise<number[]> {
    return uow.repo(ReservationRepository).expireBookings(ids, nowIso);
  }

  /** The trips of these reservations (an open ticket's is none): whose seat maps a lapse changed. */
  tripIdsOf(uow: Unit, ids: readonly number[]): Promise<number[]> {
    return uow.repo(ReservationRepository).tripIdsOf(ids);
  }

  /** A reservation by PNR with every seat row (the operator's look-up). */
  withSeats(pnr: string): Promise<{ row: ReservationRow; seats: ReservationSeatRow[] } | null> {
    return this.units.read(async (r) => {
      const repo = r.repo(ReservationRepository);
      const row = await repo.byPnr(pnr);
      return row ? { row, seats: await repo.seats(row.id) } : null;
    });
  }

  /**
   * Writes an operator's hold inside the unit (the caller checked the seat is free in it): the reservation (no
   * agent, nothing charged), its seat and its history row.
   */
  async insertHold(uow: Unit, h: OperatorHold): Promise<void> {
    const admin = h.status === ReservationStatus.ADMIN_BOOKED;
    const repo = uow.repo(ReservationRepository);
    const { row } = await repo.insert(
      {
        pnr: h.pnr,
        pin_hash: h.pinHash,
        status: h.status,
        kind: admin ? 'ADMIN_BOOK' : 'LINK',
        company_id: h.trip.companyId,
        trip_id: h.trip.id,
        route_id: h.trip.routeId,
        from_index: h.segment.fromIndex,
        to_index: h.segment.toIndex,
        origin_station_id: h.originStationId,
        destination_station_id: h.destinationStationId,
        passenger_name: admin ? 'Operator hold' : 'Linked coach passenger',
        passenger_phone: '',
        passenger_country: 'BD',
        passenger_email: null,
        passenger_remarks: null,
        agent_id: null,
        outlet_id: null,
        user_id: null,
        fare_minor: h.fareMinor,
        reference_pnr: null,
        coupon_id: null,
        expires_at: null,
        created_at: h.at,
        updated_at: h.at,
      },
      [
        {
          trip_id: h.trip.id,
          seat_name: h.seatName,
          seat_type: h.seatType,
          from_index: h.segment.fromIndex,
          to_index: h.segment.toIndex,
          fare_minor: h.fareMinor,
          status: h.status,
        },
      ],
    );
    await repo.event({
      reservationId: row.id,
      action: admin ? 'ADMIN_BOOKED' : 'LINKED',
      userId: null,
      outletId: null,
      remarks: historyRemarkText({ code: 'BY_OPERATOR', params: {} }),
      at: h.at,
    });
  }

  /** Every seat row of the reservation, active or not, in order. */
  seatsIn(r: Reader, reservationId: number): Promise<ReservationSeatRow[]> {
    return r.repo(ReservationRepository).seats(reservationId);
  }

  /**
   * Inside a unit, before the reservation is read and checked: its row lock until the unit ends (PostgreSQL; SQLite's
   * unit holds the write lock), so two operations on one ticket run one after the other and the second sees what the
   * first did.
   */
  lockForChange(uow: Unit, id: number): Promise<void> {
    return uow.lockRow('reservations', id);
  }

  /** `read` (as the caller read and checked it) now has `status`; RESERVATION_CHANGED if it no longer was as read. */
  async setStatus(
    uow: Unit,
    read: ReservationRow,
    status: number,
    nowIso: string,
    extra?: Partial<Pick<ReservationRow, 'expires_at' | 'charged_minor' | 'agent_id' | 'outlet_id' | 'user_id'>>,
  ): Promise<void> {
    assertStateChanged(
      await uow.repo(ReservationRepository).setStatus(read.id, read.status, status, nowIso, extra),
      read,
    );
  }

  /** Active seats of `read` take `set`; RESERVATION_CHANGED if one of them was no longer active. */
  async setSeats(
    uow: Unit,
    read: ReservationRow,
    seatIds: number[],
    set: { status: number; active: 0 | 1 },
  ): Promise<void> {
    assertStateChanged(await uow.repo(ReservationRepository).setSeats(seatIds, set), read);
  }

  event(uow: Unit, e: ReservationEvent): Promise<void> {
    return uow.repo(ReservationRepository).event(e);
  }

  /** A confirmed booking's seat: sold, with its commission. */
  sellSeat(uow: Unit, seatId: number, status: number, commissionMinor: number): Promise<void> {
    return uow.repo(ReservationRepository).sellSeat(seatId, status, commissionMinor);
  }

  /** The migrated-from reservation (TRIP_MIGRATED, by PNR) of a cancelled migration: now `status`. */
  cancelMigratedSource(uow: Unit, referencePnr: string, from: number, status: number, at: string): Promise<void> {
    return uow.repo(ReservationRepository).cancelMigratedSource(referencePnr, from, status, at);
  }

  /** What `read` has been charged in all, after a partial cancel's refund; RESERVATION_CHANGED if it changed since. */
  async setCharged(uow: Unit, read: ReservationRow, chargedMinor: number, at: string): Promise<void> {
    const done = await uow
      .repo(ReservationRepository)
      .setCharged(read.id, { status: read.status, chargedMinor: read.charged_minor }, chargedMinor, at);
    assertStateChanged(done, read);
  }

  /** A booking held until `expiresAt`; RESERVATION_CHANGED if it is no longer booked. */
  async extendBooking(uow: Unit, read: ReservationRow, expiresAt: string, at: string): Promise<void> {
    assertStateChanged(await uow.repo(ReservationRepository).extendBooking(read.id, expiresAt, at), read);
  }

  /**
   * A later boarding point (reservation/fines.ts keeps the cancellation terms of `fineFromIndex`); RESERVATION_CHANGED
   * if `read` changed status or boarding point since.
   */
  async moveBoardingPoint(
    uow: Unit,
    read: ReservationRow,
    m: { fromIndex: number; originStationId: number; fineFromIndex: number; at: string },
  ): Promise<void> {
    const done = await uow
      .repo(ReservationRepository)
      .moveBoardingPoint(read.id, { status: read.status, fromIndex: read.from_index }, m);
    assertStateChanged(done, read);
  }
}
