import { ReservationStatus, historyRemarkText, type Reservation } from '@agent-portal/contract';
import type { z } from 'zod';
import type { delayedCancelRequestSchema, ticketOperationRequestSchema } from '@agent-portal/contract';
import type { Config } from '../../config';
import { isValidExtension } from '../../domain/booking';
import { checkAction } from '../../domain/ticket-actions';
import { AppError, fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor, toMinor } from '../../lib/money';
import type { BookingExpiryService } from '../booking-expiry/service';
import type { CommissionService } from '../commission/service';
import type { CouponService } from '../coupon/service';
import { IdempotencyService } from '../idempotency/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { ReservationCharging } from '../reservation/charging';
import { fineBoardingIndex, quoteCancel, termsOf } from '../reservation/fines';
import { ReservationRecords } from '../reservation/records';
import type { ReservationRow, ReservationSeatRow } from '../reservation/rows';
import type { ReservationView } from '../reservation/view';
import { assertTripOpen } from '../trip/access';
import type { TripService } from '../trip/service';
import type { TripContext } from '../trip/types';
import type { Unit, Units } from '../../db/units';
import type { LiveBus } from '../../db/live-bus';
import { raiseSeats } from '../live/raise';
import { DelayedCancelRepository } from './delayed-cancel-repository';
import { delayedCancelClosesAt } from './delayed-cancel-window';
import { standingReservation } from './standing-reservation';

export type TicketOperationBody = z.output<typeof ticketOperationRequestSchema>;
export type DelayedCancelBody = z.output<typeof delayedCancelRequestSchema>;

interface Target {
  row: ReservationRow;
  trip: TripContext | null;
  seats: ReservationSeatRow[];
  partial: boolean;
  whole: boolean;
}

export interface TicketOperationDeps {
  units: Units;
  /** Live events (issue #35): the database's bus, raised in the operation's unit. */
  live: LiveBus;
  clock: Clock;
  config: Config;
  trips: TripService;
  expiry: BookingExpiryService;
  commissions: CommissionService;
  coupons: CouponService;
  charging: ReservationCharging;
  idempotency: IdempotencyService;
  view: ReservationView;
  guard: PnrPinGuard;
}

/**
 * ticketOperation: the action table of domain/ticket-actions (which action,
 * from which status, under which permission)
 * applied in one write transaction per call, with the Idempotency-Key
 * answer stored in the same transaction.
 */
export class TicketOperationService {
  private readonly reservations: ReservationRecords;

  constructor(private readonly d: TicketOperationDeps) {
    this.reservations = new ReservationRecords(d.units);
  }

  async operate(principal: Principal, body: TicketOperationBody, idempotencyKey: string | null): Promise<Reservation> {
    // An empty list is not "all seats" (leave seats out for that): it would cancel nothing yet answer 200 and log a
    // cancel.
    if (body.seats && body.seats.length === 0)
      throw fieldError({ seats: 'name at least one seat, or leave seats out to act on every seat' });
    const request = IdempotencyService.keyed(principal.userId, idempotencyKey, 'ticketOperation', body);
    // A repeat answers the stored result before the PIN is checked again (a resend may have changed it since).
    const earlier = await this.d.idempotency.earlier<Reservation>(request);
    if (earlier) return earlier;
    // The PNR+PIN guard counts outside the transaction: a wrong PIN stays counted whatever happens next.
    const verified = await this.d.guard.verify(principal, body.pnr, body.pin);
    return this.d.units.run((uow) =>
      this.d.idempotency.once(uow, request, async () => {
        const target = await this.target(uow, principal, body, verified);
        const check = checkAction(body.action, target.row.status, principal.permissions, target.partial);
        if (!check.ok)
          throw new AppError(check.reason, { action: body.action, status: target.row.status, partial: target.partial });
        if (check.rule.effect === 'CHARGE') await this.confirm(uow, principal, target);
        else if (check.rule.effect === 'CANCEL') await this.cancel(uow, principal, target, body);
        else await this.extend(uow, principal, target, body);
        // Live seat maps (issue #35): a confirmed booking's seats are sold (a cancel says its own: cancelSeats).
        if (check.rule.effect === 'CHARGE') await this.raiseSeats(uow, target, 'SOLD');
        return this.d.view.build(uow, await this.reservations.byIdIn(uow, target.row.id), principal, {
          verified: true,
        });
      }),
    );
  }

  private async target(
    uow: Unit,
    principal: Principal,
    body: TicketOperationBody,
    verified: ReservationRow,
  ): Promise<Target> {
    const row = await standingReservation(uow, { ...this.d, reservations: this.reservations }, principal, verified);
    const active = (await this.reservations.seatsIn(uow, row.id)).filter((s) => s.active === 1);
    const names = body.seats ? [...new Set(body.seats)] : null;
    if (names) {
      const unknown = names.filter((n) => !active.some((s) => s.seat_name === n));
      if (unknown.length) throw new AppError('SEAT_NOT_FOUND', { seats: unknown });
    }
    // Open tickets repeat the seat name OPEN; naming it once means one seat.
    const seats = names ? names.flatMap((n) => active.filter((s) => s.seat_name === n).slice(0, 1)) : active;
    const partial = seats.length < active.length;
    const trip = row.trip_id === null ? null : await this.d.trips.getIn(uow, row.trip_id);
    return { row, trip, seats, partial, whole: !partial };
  }

  /** Live seat maps (issue #35): the reservation's seats now `state` on its segment, once the unit commits. */
  private raiseSeats(uow: Unit, t: Pick<Target, 'row' | 'seats'>, state: 'SOLD' | 'FREE'): Promise<void> {
    if (t.row.trip_id === null) return Promise.resolve();
    const segment = { fromIndex: t.row.from_index, toIndex: t.row.to_index };
    return raiseSeats(this.d.live, uow, t.row.trip_id, [{ names: t.seats.map((s) => s.seat_name), segment, state }]);
  }

  private async confirm(uow: Unit, principal: Principal, t: Target): Promise<void> {
    const nowIso = this.d.clock.now().toISOString();
    if (t.trip) assertTripOpen(t.trip, { fromIndex: t.row.from_index, toIndex: t.row.to_index }, this.d.clock.now());
    const net = t.seats.reduce((s, x) => s + x.fare_minor - x.discount_minor, 0);
    await this.d.charging.charge(uow, {
      agentId: principal.agentId,
      companyId: t.row.company_id,
      userId: principal.userId,
      amountMinor: net,
      kind: 'TICKET_SALE',
      reference: t.row.pnr,
      description: `Confirmation ${t.row.pnr}`,
    });
    const rule = await this.d.commissions.ruleIn(uow, principal.agentId, t.row.route_id);
    let commission = 0;
    for (const seat of t.seats) {
      const c = this.d.commissions.seatCommission(rule, {
        fareMinor: seat.fare_minor,
        discountMinor: seat.discount_minor,
      });
      commission += c;
      await this.reservations.sellSeat(uow, seat.id, ReservationStatus.SOLD, c);
    }
    // An operator's admin-booked or linked seat becomes the confirming agent's sale.
    // Only from the status read (the unit holds the row's lock): a second confirm at once is refused, not charged.
    await this.reservations.setStatus(uow, t.row, ReservationStatus.SOLD, nowIso, {
      expires_at: null,
      charged_minor: net,
      agent_id: principal.agentId,
      outlet_id: principal.outletId,
      user_id: principal.userId,
    });
    await this.d.commissions.credit(uow, {
      agentId: principal.agentId,
      companyId: t.row.company_id,
      reservationId: t.row.id,
      amountMinor: commission,
      rule,
    });
    await this.reservations.event(uow, {
      reservationId: t.row.id,
      action: 'CONFIRMED',
      userId: principal.userId,
      outletId: principal.outletId,
      amountMinor: net,
      at: nowIso,
    });
  }

  private async cancel(uow: Unit, principal: Principal, t: Target, body: TicketOperationBody): Promise<void> {
    const now = this.d.clock.now();
    let refund = 0;
    let remarks: string | null = null;
    if (t.row.status === ReservationStatus.SOLD) {
      const boarding = t.trip?.stops[t.row.from_index]?.time ?? null;
      if (!t.trip || !boarding || t.trip.state !== 'OPEN' || now.getTime() >= boarding.getTime())
        throw new AppError('TRIP_CLOSED_FOR_CANCELLATION');
      // The fine is timed from the stop the ticket was sold from, even if its boarding point moved later (fines.ts).
      const fineBoarding = t.trip.stops[fineBoardingIndex(t.row)]?.time ?? boarding;
      // The ticket's own terms, stored on it: a migrated ticket cancels at no smaller fine than its source would have
      // paid when it moved, and no refund returns more than its lineage holds (fines.ts termsOf, migration-rule.ts).
      const quote = quoteCancel(t.seats, fineBoarding, now, this.d.config.sales.fineBands, termsOf(t.row));
      if (!quote.band) throw new AppError('RESERVATION_CANCEL_TIME_EXPIRED');
      if (body.returnAmount === undefined)
        throw fieldError({ returnAmount: 'required: the return amount shown to the passenger' });
      if (toMinor(body.returnAmount) !== quote.returnMinor) {
        throw new AppError(
          'RETURN_AMOUNT_MISMATCH',
          { returnAmount: fromMinor(quote.returnMinor), fine: fromMinor(quote.fineMinor) },
          'The return amount changed; show the new one',
        );
      }
      refund = quote.returnMinor;
      remarks = historyRemarkText({
        code: 'FINE',
        params: { fine: fromMinor(quote.fineMinor).toFixed(2), percent: String(quote.band.percent) },
      });
    }
    await this.cancelSeats(uow, { userId: principal.userId, outletId: principal.outletId }, t, {
      refundMinor: refund,
      remarks,
    });
  }

  /**
   * The one cancel step, inside the caller's unit: the refund
   * (a CREDIT in the agent's ledger) and the commission reversal of a sold
   * reservation, the seats, the status (whole) or the charged amount
   * (partial), coupon uses, a migrated source, and the history row.
   * ticketOperation's cancel and an approved delayed-cancel request
   * (delayed-cancel.ts) both come here. `actor`: who the ledger and history
   * rows are of.
   */
  async cancelSeats(
    uow: Unit,
    actor: { userId: number; outletId: number | null },
    t: Pick<Target, 'row' | 'seats' | 'whole'>,
    money: { refundMinor: number; remarks: string | null; refundDescription?: string },
  ): Promise<void> {
    await this.raiseSeats(uow, t, 'FREE');
    const nowIso = this.d.clock.now().toISOString();
    // Never more than the reservation holds of what its lineage paid (fines.ts RefundTerms): the quotes hold to it
    // already; here is the one place every refund passes.
    const refund =
      t.row.status === ReservationStatus.SOLD ? Math.max(0, Math.min(money.refundMinor, t.row.charged_minor)) : 0;
    const seatNames = t.seats.map((s) => s.seat_name).join(', ');
    // The state change first, conditional on the state read (the unit holds the row's lock): a second cancel, or a
    // cancel racing a migration, is refused here before any money moves (RESERVATION_CHANGED).
    if (t.whole) {
      await this.reservations.setStatus(uow, t.row, ReservationStatus.CANCELLED, nowIso, {
        charged_minor: t.row.charged_minor - refund,
      });
    } else {
      await this.reservations.setCharged(uow, t.row, t.row.charged_minor - refund, nowIso);
    }
    await this.reservations.setSeats(
      uow,
      t.row,
      t.seats.map((s) => s.id),
      { status: ReservationStatus.CANCELLED, active: 0 },
    );
    if (t.row.status === ReservationStatus.SOLD && t.row.agent_id !== null) {
      await this.d.charging.refund(uow, {
        agentId: t.row.agent_id,
        companyId: t.row.company_id,
        userId: actor.userId,
        amountMinor: refund,
        kind: 'TICKET_CANCEL_REFUND',
        reference: t.row.pnr,
        description: money.refundDescription ?? `Cancellation ${t.row.pnr}: ${seatNames}`,
      });
      const commission = t.seats.reduce((s, x) => s + x.commission_minor, 0);
      await this.d.commissions.credit(uow, {
        agentId: t.row.agent_id,
        companyId: t.row.company_id,
        reservationId: t.row.id,
        amountMinor: -commission,
        rule: null,
      });
    }
    if (t.whole) {
      await this.d.coupons.releaseUses(uow, t.row.id);
      if (t.row.reference_pnr) {
        await this.reservations.cancelMigratedSource(
          uow,
          t.row.reference_pnr,
          ReservationStatus.TRIP_MIGRATED,
          ReservationStatus.TRIP_MIGRATED_CANCELLED,
          nowIso,
        );
      }
    }
    const action = t.whole ? 'CANCELLED' : `CANCELLED ${seatNames}`;
    await this.reservations.event(uow, {
      reservationId: t.row.id,
      action,
      userId: actor.userId,
      outletId: actor.outletId,
      amountMinor: refund,
      remarks: money.remarks,
      at: nowIso,
    });
  }

  private async extend(uow: Unit, principal: Principal, t: Target, body: TicketOperationBody): Promise<void> {
    if (!body.expirationTime) throw fieldError({ expirationTime: 'required' });
    // A booking of a trip that takes no reservations (closed, omitted, omit pending) is not held any longer.
    if (t.trip) assertTripOpen(t.trip, { fromIndex: t.row.from_index, toIndex: t.row.to_index }, this.d.clock.now());
    const requested = new Date(body.expirationTime);
    const boarding = t.trip?.stops[t.row.from_index]?.time;
    if (
      !boarding ||
      !isValidExtension(this.d.clock.now(), requested, boarding, this.d.config.reservations.bookingCutoffMinutes)
    ) {
      throw new AppError('INVALID_EXPIRATION_TIME', {
        latest: boarding
          ? new Date(boarding.getTime() - this.d.config.reservations.bookingCutoffMinutes * 60_000).toISOString()
          : null,
      });
    }
    const nowIso = this.d.clock.now().toISOString();
    await this.reservations.extendBooking(uow, t.row, requested.toISOString(), nowIso);
    await this.reservations.event(uow, {
      reservationId: t.row.id,
      action: 'BOOKING_EXTENDED',
      userId: principal.userId,
      outletId: principal.outletId,
      remarks: historyRemarkText({ code: 'EXTENDED_UNTIL', params: { until: requested.toISOString() } }),
      at: nowIso,
    });
  }

  /**
   * After the cancellation cut-off and before departure: a request for the operator's approval, one pending per
   * reservation.
   */
  async delayedCancel(principal: Principal, body: DelayedCancelBody): Promise<{ ok: true }> {
    const row = await this.d.guard.verify(principal, body.pnr, body.pin);
    if (row.status !== ReservationStatus.SOLD || row.trip_id === null)
      throw new AppError('RESERVATION_NOT_CANCELLABLE', { status: row.status });
    const trip = await this.d.trips.get(row.trip_id);
    const now = this.d.clock.now();
    // Open until the coach leaves the stop the ticket was sold from, even if its boarding point moved later.
    const boarding = delayedCancelClosesAt(trip, row);
    if (!boarding || now.getTime() >= boarding.getTime()) throw new AppError('DELAYED_CANCEL_NOT_ALLOWED');
    const seats = (await this.d.units.read((r) => this.reservations.seatsIn(r, row.id))).filter((s) => s.active === 1);
    // The cut-off is the sold-from stop's, even if the boarding point moved later (fines.ts).
    const fineBoarding = trip.stops[fineBoardingIndex(row)]?.time ?? boarding;
    if (quoteCancel(seats, fineBoarding, now, this.d.config.sales.fineBands, termsOf(row)).band)
      throw new AppError('NOT_PERMITTED', undefined, 'Cancelling is still open: cancel the ticket instead');
    if (!(await this.d.units.read((r) => r.repo(DelayedCancelRepository).activeReason(body.reasonId))))
      throw fieldError({ reasonId: 'not a reason of the list' });
    const nowIso = now.toISOString();
    await this.d.units.run(async (uow) => {
      const requests = uow.repo(DelayedCancelRepository);
      // One request waits for the operator per reservation: checked in the transaction that inserts, so
      // of any number of requests at once exactly one is stored.
      const pending = await requests.pendingOf(row.id);
      if (pending) {
        throw new AppError(
          'DELAYED_CANCEL_NOT_ALLOWED',
          { pending: true, requestedAt: pending.created_at },
          'A delayed cancel request for this reservation is already waiting for approval',
        );
      }
      await requests.insert({
        reservationId: row.id,
        reasonId: body.reasonId,
        remarks: body.remarks ?? null,
        userId: principal.userId,
        at: nowIso,
      });
      await this.reservations.event(uow, {
        reservationId: row.id,
        action: 'DELAYED_CANCEL_REQUESTED',
        userId: principal.userId,
        outletId: principal.outletId,
        remarks: body.remarks ?? null,
        at: nowIso,
      });
    });
    return { ok: true };
  }
}
