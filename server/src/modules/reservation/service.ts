import { ReservationStatus, historyRemarkOf, type Coupon, type Reservation } from '@agent-portal/contract';
import type { Units } from '../../db/units';
import type { FineBand } from '../../domain/cancellation';
import { seatsOf } from '../../domain/seat-layouts';
import { AppError } from '../../http/app-error';
import { assertCompany } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor } from '../../lib/money';
import { hashPin, maskPhone, newPin } from '../../lib/secrets';
import type { BookingExpiryService } from '../booking-expiry/service';
import type { CouponService } from '../coupon/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import { segmentOf } from '../trip/access';
import { fareFor, layoutOf, type TripService } from '../trip/service';
import { assertMigratable } from './migration-rule';
import type { PinNotifier } from './pin-notifier';
import { PinRepository } from './pin-repository';
import { ReservationRepository } from './repository';
import type { ReservationRow } from './rows';
import { countedSeats, type ReservationView } from './view';

const reprintDenied = (message?: string) =>
  new AppError('PERMISSION_DENIED', { required: { allOf: ['AGENT_PRINT_TICKET'] } }, message);

/** A reservation in these statuses holds nothing any more: no PIN to resend. */
const ENDED_STATUSES: ReadonlySet<number> = new Set([
  ReservationStatus.CANCELLED,
  ReservationStatus.TRIP_MIGRATED,
  ReservationStatus.TRIP_MIGRATED_CANCELLED,
]);

/** Reads and small writes around a reservation: lookups, PIN, history, prints, quotes. */
export class ReservationService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly trips: TripService,
    private readonly coupons: CouponService,
    private readonly expiry: BookingExpiryService,
    private readonly view: ReservationView,
    private readonly notifier: PinNotifier,
    /** The cancellation fine bands: a sold ticket migrates only inside one (migration-rule.ts). */
    private readonly fineBands: readonly FineBand[],
    private readonly guard: PnrPinGuard,
  ) {}

  /** The repository for reads outside any unit, each its own statement (Units.read). */
  private get repo(): ReservationRepository {
    return this.units.read((r) => r.repo(ReservationRepository));
  }

  /** The answer for `row`, read outside any unit. */
  private answer(row: ReservationRow, principal: Principal, verified = false): Promise<Reservation> {
    return this.units.read((r) => this.view.build(r, row, principal, { verified }));
  }

  /** Through the PNR+PIN guard (counted, access first: modules/pnr-guard). */
  private async withPin(principal: Principal, pnr: string, pin: string): Promise<ReservationRow> {
    const row = await this.guard.verify(principal, pnr, pin);
    if (row.status === ReservationStatus.BOOKED && row.trip_id !== null && (await this.expiry.expire(row.trip_id)) > 0)
      return this.repo.byId(row.id);
    return row;
  }

  /**
   * By PNR alone (resend PIN, history, boarding list, print): the caller's own agent's reservations; any other PNR is
   * not found.
   */
  private own(principal: Principal, pnr: string): Promise<ReservationRow> {
    return this.guard.accessible(principal, pnr);
  }

  async byPnrAndPin(principal: Principal, pnr: string, pin: string): Promise<Reservation> {
    return this.answer(await this.withPin(principal, pnr, pin), principal, true);
  }

  /**
   * A new PIN, stored then sent, within the resend limits (pnr-guard). With
   * the outbox (the send queue) the new hash, its history row and its SMS
   * commit together or not at all. A gateway outside the database is called
   * only once the new hash is stored; if it fails, the old hash is put back,
   * so the PIN the passenger holds keeps working either way.
   */
  async resendPin(principal: Principal, pnr: string): Promise<{ ok: true; maskedPhone: string }> {
    const row = await this.own(principal, pnr);
    if (ENDED_STATUSES.has(row.status)) {
      throw new AppError('NOT_PERMITTED', { status: row.status }, 'The reservation is no longer active');
    }
    const giveBack = await this.guard.claimResend(principal, row);
    const pin = newPin();
    const pinHash = hashPin(pin);
    const nowIso = this.clock.now().toISOString();
    const event = {
      reservationId: row.id,
      action: 'PIN_RESENT',
      userId: principal.userId,
      outletId: principal.outletId,
      at: nowIso,
    };
    try {
      const queued = await this.units.run(async (uow) => {
        await uow.repo(PinRepository).setPinHash(row.id, pinHash, nowIso);
        const recorded = await this.notifier.queueResend(uow, row, pin, principal.userId);
        if (recorded) await uow.repo(ReservationRepository).event(event);
        return recorded;
      });
      if (!queued) {
        try {
          await this.notifier.sendOrThrow(row, pin, principal.userId);
        } catch (error) {
          // Not sent: the old PIN again, unless another resend has replaced this one meanwhile.
          await this.units.run((uow) => uow.repo(PinRepository).restorePinHash(row.id, row.pin_hash, pinHash));
          throw error;
        }
        await this.units.run((uow) => uow.repo(ReservationRepository).event(event));
      }
    } catch (error) {
      await giveBack();
      throw error;
    }
    return { ok: true, maskedPhone: maskPhone(row.passenger_phone) };
  }

  async boardingList(principal: Principal, pnr: string) {
    const row = await this.own(principal, pnr);
    if (row.trip_id === null) return [];
    const trip = await this.trips.get(row.trip_id);
    return trip.stops
      .slice(0, -1)
      .map((s) => ({ stationId: s.stationId, name: s.name, nameBn: s.nameBn, time: s.time.toISOString() }));
  }

  async history(principal: Principal, pnr: string) {
    const row = await this.own(principal, pnr);
    const events = await this.repo.history(row.id);
    return events.map((e) => ({
      time: e.created_at,
      action: e.action,
      user: e.username ?? 'system',
      outlet: e.outlet ?? '',
      amount: e.amount_minor === null ? null : fromMinor(e.amount_minor),
      remarks: e.remarks,
      remark: historyRemarkOf(e.action, e.remarks),
    }));
  }

  async recent(principal: Principal, companyId: number, limit: number): Promise<Reservation[]> {
    assertCompany(principal, companyId);
    await this.expiry.expire();
    const rows = await this.repo.recent(principal.userId, companyId, limit);
    const out: Reservation[] = [];
    for (const r of rows) out.push(await this.answer(r, principal));
    return out;
  }

  /** Tickets of the caller's agent to print: what a ticket shows needs no PIN, and the PIN is never in it. */
  async printable(principal: Principal, companyId: number, pnrs: readonly string[]): Promise<Reservation[]> {
    assertCompany(principal, companyId);
    const rows = await this.repo.byAgentAndPnrs(principal.agentId, companyId, pnrs);
    const out: Reservation[] = [];
    for (const r of rows) out.push(await this.answer(r, principal));
    return out;
  }

  /**
   * The original prints once (issue #32): ORIGINAL is recorded only while the ticket was never printed, by a
   * conditional write (of any number at once, exactly one); that first print belongs to the sale itself. Every later
   * print is a reprint and needs AGENT_PRINT_TICKET: an ORIGINAL on a printed ticket is recorded as the REPRINT it is
   * for a holder of the permission, and refused (PERMISSION_DENIED) without it.
   */
  async savePrint(
    principal: Principal,
    pnr: string,
    printType: 'ORIGINAL' | 'REPRINT',
  ): Promise<{ ok: true; printCount: number }> {
    const row = await this.own(principal, pnr);
    const mayReprint = principal.permissions.has('AGENT_PRINT_TICKET');
    if (printType === 'REPRINT' && !mayReprint) throw reprintDenied();
    const nowIso = this.clock.now().toISOString();
    const printCount = await this.units.run(async (uow) => {
      const repo = uow.repo(ReservationRepository);
      if (printType === 'ORIGINAL') {
        const first = await repo.addPrint(row.id, 'ORIGINAL', principal.userId, nowIso, { neverPrinted: true });
        if (first !== null) return first;
        if (!mayReprint) throw reprintDenied('The ticket was printed already: a reprint needs AGENT_PRINT_TICKET');
      }
      const again = await repo.addPrint(row.id, 'REPRINT', principal.userId, nowIso);
      if (again === null) throw new AppError('RESERVATION_NOT_FOUND', { pnr: row.pnr });
      return again;
    });
    return { ok: true, printCount };
  }

  async checkCoupon(
    principal: Principal,
    q: { couponCode: string; tripId: number; boardingId: number; phone: string },
  ): Promise<Coupon> {
    const trip = await this.trips.get(q.tripId);
    assertCompany(principal, trip.companyId);
    if (!trip.stops.some((s) => s.stationId === q.boardingId))
      throw new AppError('STATION_NOT_FOUND', { stationId: q.boardingId });
    const coupon = await this.coupons.validate({
      companyId: trip.companyId,
      code: q.couponCode,
      routeId: trip.routeId,
      tripId: trip.id,
      phone: q.phone,
    });
    return this.coupons.view(coupon);
  }

  /** The fare difference of moving a sold or open reservation to other seats of a trip of its route. */
  async quoteMigration(
    principal: Principal,
    q: {
      pnr: string;
      pin: string;
      tripId: number;
      originStationId: number;
      destinationStationId: number;
      seats: string[];
    },
  ) {
    const source = await this.withPin(principal, q.pnr, q.pin);
    // The sale's own rule (migration-rule.ts), so the quote never promises a migration the sale refuses.
    assertMigratable(
      source,
      source.trip_id === null ? null : await this.trips.get(source.trip_id),
      this.clock.now(),
      this.fineBands,
    );
    const trip = await this.trips.get(q.tripId);
    if (trip.routeId !== source.route_id)
      throw new AppError(
        'TRIP_NOT_ALLOWED',
        { routeId: trip.routeId },
        'A reservation migrates to a trip of the same route',
      );
    const segment = segmentOf(trip, q.originStationId, q.destinationStationId);
    const fares = await this.trips.fares(trip);
    const layout = seatsOf(layoutOf(trip));
    let newTotal = 0;
    for (const name of q.seats) {
      const seatType = layout.find((s) => s.name === name)?.seatType;
      if (!seatType) throw new AppError('SEAT_NOT_FOUND', { seats: [name] });
      newTotal += fareFor(fares, segment, seatType) ?? 0;
    }
    const currentTotal = countedSeats((await this.repo.seats(source.id)).filter((s) => s.active === 1)).reduce(
      (s, x) => s + x.fare_minor - x.discount_minor,
      0,
    );
    const difference = newTotal - currentTotal;
    return {
      currentTotal: fromMinor(currentTotal),
      newTotal: fromMinor(newTotal),
      difference: fromMinor(difference),
      charge: fromMinor(Math.max(0, difference)),
    };
  }
}
