import type { FareQuote, Permission } from '@agent-portal/contract';
import type { z } from 'zod';
import type { fareQuoteRequestSchema } from '@agent-portal/contract';
import type { Config } from '../../config';
import { bookingExpiry } from '../../domain/booking';
import {
  openTicketDrafts,
  openTicketSegment,
  priceSeats,
  chargeMinorOf,
  tripSeatDrafts,
  type SeatDraft,
} from '../../domain/pricing';
import { seatsOf } from '../../domain/seat-layouts';
import { AppError, fieldError } from '../../http/app-error';
import { assertCompany, assertPermission } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor } from '../../lib/money';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { CommissionService } from '../commission/service';
import type { CouponRow, CouponService } from '../coupon/service';
import type { SeatLockService } from '../seat-lock/service';
import { assertSellable, segmentOf } from '../trip/access';
import { fareFor, layoutOf, type TripService } from '../trip/service';

export type FareQuoteBody = z.output<typeof fareQuoteRequestSchema>;

/** The sale's own permission per kind (createReservation checks the same). */
const PERMISSION_BY_KIND: Record<FareQuoteBody['kind'], Permission> = {
  SELL: 'AGENT_CREATE_RESERVATION',
  BOOK: 'AGENT_CREATE_BOOKING',
  OPEN: 'AGENT_SELL_OPEN_TICKET',
};

export interface FareQuoteDeps {
  clock: Clock;
  config: Config;
  trips: TripService;
  seatLocks: SeatLockService;
  agentSettings: AgentSettingsSource;
  coupons: CouponService;
  commissions: CommissionService;
}

/**
 * What createReservation would charge, without writing anything: the same
 * checks of who may sell what (so a refusal comes here, before the
 * preview), the same seat fares, coupon discount and charge
 * (domain/pricing). Seat locks and balance are not checked: they belong to
 * the moment of the sale.
 */
export class FareQuoteService {
  constructor(private readonly d: FareQuoteDeps) {}

  async quote(principal: Principal, body: FareQuoteBody): Promise<FareQuote> {
    assertPermission(principal, { allOf: [PERMISSION_BY_KIND[body.kind]] });
    assertCompany(principal, body.companyId);
    if (body.couponCode && !body.phone) throw fieldError({ phone: 'required with a coupon code' });
    const sale = body.kind === 'OPEN' ? await this.open(principal, body) : await this.trip(principal, body);
    const coupon: CouponRow | null =
      body.couponCode && body.phone
        ? await this.d.coupons.validate({
            companyId: body.companyId,
            code: body.couponCode,
            routeId: sale.routeId,
            tripId: sale.tripId,
            phone: body.phone,
          })
        : null;
    const priced = priceSeats(sale.drafts, coupon);
    const charged = body.kind !== 'BOOK';
    const rule = charged ? await this.d.commissions.ruleFor(principal.agentId, sale.routeId) : null;
    const commission = charged
      ? priced.seats.reduce((sum, s) => sum + this.d.commissions.seatCommission(rule, s.fareMinor), 0)
      : 0;
    return {
      seats: priced.seats.map((s) => ({
        name: s.name,
        seatType: s.seatType,
        fare: fromMinor(s.fareMinor),
        discount: fromMinor(s.discountMinor),
        net: fromMinor(s.fareMinor - s.discountMinor),
      })),
      fare: fromMinor(priced.fareMinor),
      discount: fromMinor(priced.discountMinor),
      total: fromMinor(priced.netMinor),
      charge: fromMinor(chargeMinorOf(priced.netMinor, charged ? 'FULL' : 'NONE')),
      commission: fromMinor(commission),
      coupon: coupon ? this.d.coupons.view(coupon) : null,
    };
  }

  private async open(
    principal: Principal,
    body: FareQuoteBody,
  ): Promise<{ routeId: number; tripId: null; drafts: SeatDraft[] }> {
    const fields: Record<string, string> = {};
    if (body.routeId === undefined) fields.routeId = 'required';
    if (body.seatType === undefined) fields.seatType = 'required';
    if (body.seatCount === undefined) fields.seatCount = 'required';
    if (body.routeId === undefined || body.seatType === undefined || body.seatCount === undefined)
      throw fieldError(fields);
    const routeId = body.routeId;
    const [settings, stops] = await Promise.all([
      this.d.agentSettings.settings(principal.agentId, body.companyId),
      this.d.trips.routeStops(routeId),
    ]);
    const segment = openTicketSegment(
      { routeId, originStationId: body.originStationId, destinationStationId: body.destinationStationId },
      settings,
      stops,
    );
    return {
      routeId,
      tripId: null,
      drafts: openTicketDrafts(await this.d.trips.routeFares(routeId), segment, body.seatType, body.seatCount),
    };
  }

  private async trip(
    principal: Principal,
    body: FareQuoteBody,
  ): Promise<{ routeId: number; tripId: number; drafts: SeatDraft[] }> {
    const fields: Record<string, string> = {};
    if (body.tripId === undefined) fields.tripId = 'required';
    if (!body.seats) fields.seats = 'name 1 to 5 seats';
    if (body.tripId === undefined || !body.seats) throw fieldError(fields);
    const seats = [...new Set(body.seats)];
    if (seats.length !== body.seats.length) throw fieldError({ seats: 'names a seat twice' });
    if (seats.length > this.d.config.reservations.maxSeatsPerReservation)
      throw new AppError('MAX_SEAT_WARNING', { max: this.d.config.reservations.maxSeatsPerReservation });
    const trip = await this.d.trips.get(body.tripId);
    if (trip.companyId !== body.companyId) throw new AppError('TRIP_IS_FOREIGN', { tripId: trip.id });
    const segment = segmentOf(trip, body.originStationId, body.destinationStationId);
    const settings = await this.d.agentSettings.settings(principal.agentId, trip.companyId);
    assertSellable(principal, settings, trip, segment, this.d.clock.now());
    this.d.seatLocks.assertSeatsExist(trip, seats);
    const boarding = trip.stops[segment.fromIndex]?.time;
    const { bookingHoldMinutes, bookingCutoffMinutes } = this.d.config.reservations;
    if (
      body.kind === 'BOOK' &&
      !(boarding && bookingExpiry(this.d.clock.now(), boarding, bookingHoldMinutes, bookingCutoffMinutes))
    ) {
      throw new AppError('BOOKING_TIME_EXCEED', { cutoffMinutes: bookingCutoffMinutes });
    }
    const fares = await this.d.trips.fares(trip);
    return {
      routeId: trip.routeId,
      tripId: trip.id,
      drafts: tripSeatDrafts(seats, seatsOf(layoutOf(trip)), (seatType) => fareFor(fares, segment, seatType)),
    };
  }
}
