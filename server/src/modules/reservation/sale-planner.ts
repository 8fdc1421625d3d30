import type { Permission, ReservationKind, SeatType } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Unit } from '../../db/units';
import { bookingExpiry } from '../../domain/booking';
import { openTicketDrafts, openTicketSegment, tripSeatDrafts, type SeatDraft } from '../../domain/pricing';
import { AppError, fieldError } from '../../http/app-error';
import { assertCompany, assertPermission } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { CouponRow, CouponService } from '../coupon/service';
import { layoutSeatsOf, type SeatLockService } from '../seat-lock/service';
import { assertSellable, seatLimitOf, segmentOf } from '../trip/access';
import { fareFor, type TripService } from '../trip/service';
import type { SegmentRef, TripContext } from '../trip/types';

/** Each kind's own permission: the sale and its quote ask the same. */
export const PERMISSION_BY_KIND: Record<ReservationKind, Permission> = {
  SELL: 'AGENT_CREATE_RESERVATION',
  BOOK: 'AGENT_CREATE_BOOKING',
  OPEN: 'AGENT_SELL_OPEN_TICKET',
  MIGRATE: 'AGENT_MIGRATE_TRIP',
};

interface Stops {
  companyId: number;
  originStationId: number;
  destinationStationId: number;
}
/** What a trip sale, booking or migration (or its quote) names: the contract's body of that kind carries it. */
export interface TripSaleRequest extends Stops {
  kind: 'SELL' | 'BOOK' | 'MIGRATE';
  tripId: number;
  seats: readonly string[];
}
/** What an open ticket (or its quote) names. */
export interface OpenSaleRequest extends Stops {
  kind: 'OPEN';
  routeId: number;
  seatType: SeatType;
  seatCount: number;
}
export type SaleRequest = TripSaleRequest | OpenSaleRequest;

interface PlanBase {
  companyId: number;
  routeId: number;
  segment: SegmentRef;
  /** Each seat with its fare, before any coupon (domain/pricing prices them). */
  drafts: SeatDraft[];
}
export interface TripSalePlan extends PlanBase {
  kind: TripSaleRequest['kind'];
  tripId: number;
  trip: TripContext;
  /** The seats named, each once. */
  seats: string[];
  /** A booking's lapse (ISO-8601); null for a sale or a migration. */
  expiresAt: string | null;
  /** The agent's seat limit on this coach type (null: none); the sale's unit counts the seats against it. */
  seatLimit: number | null;
}
export interface OpenSalePlan extends PlanBase {
  kind: 'OPEN';
  tripId: null;
}
export type SalePlan = TripSalePlan | OpenSalePlan;

/**
 * How the trip is read. STORED: with its state as stored now (a quote: nothing re-checks it later). CACHED: the
 * cached context (a sale: its unit re-reads the state, TripService.assertOpenIn).
 */
export type TripRead = 'STORED' | 'CACHED';

export interface SalePlannerDeps {
  clock: Clock;
  config: Config;
  trips: TripService;
  seatLocks: SeatLockService;
  agentSettings: AgentSettingsSource;
  coupons: CouponService;
}

/**
 * The preparation a sale (reservation/create-service.ts) and its quote (fare-quote/service.ts) share, so the quote
 * refuses what the sale would and prices the same seats: who may sell what, the trip or route, the segment, the seats
 * and their fares, a booking's expiry, the coupon. It reads and writes nothing of the sale; what may change before the
 * sale (the trip's state, seat locks, the seat limit's count, the coupon's uses) the sale's unit checks again.
 */
export class SalePlanner {
  constructor(private readonly d: SalePlannerDeps) {}

  /** The kind's own permission and the company. */
  authorize(principal: Principal, request: { kind: ReservationKind; companyId: number }): void {
    assertPermission(principal, { allOf: [PERMISSION_BY_KIND[request.kind]] });
    assertCompany(principal, request.companyId);
  }

  plan(principal: Principal, request: OpenSaleRequest, tripRead: TripRead): Promise<OpenSalePlan>;
  plan(principal: Principal, request: TripSaleRequest, tripRead: TripRead): Promise<TripSalePlan>;
  plan(principal: Principal, request: SaleRequest, tripRead: TripRead): Promise<SalePlan>;
  plan(principal: Principal, request: SaleRequest, tripRead: TripRead): Promise<SalePlan> {
    return request.kind === 'OPEN' ? this.planOpen(principal, request) : this.planTrip(principal, request, tripRead);
  }

  /** The coupon `code` names for this plan's route and trip, within its uses for `phone`; outside any unit. */
  coupon(plan: SalePlan, code: string, phone: string): Promise<CouponRow> {
    return this.d.coupons.validate(this.couponQuery(plan, code, phone));
  }

  /** As coupon, inside the sale's unit `uow` (the coupon's uses counted under its lock). */
  couponIn(uow: Unit, plan: SalePlan, code: string, phone: string): Promise<CouponRow> {
    return this.d.coupons.validateIn(uow, this.couponQuery(plan, code, phone));
  }

  private couponQuery(plan: SalePlan, code: string, phone: string) {
    return { companyId: plan.companyId, code, routeId: plan.routeId, tripId: plan.tripId, phone };
  }

  private async planTrip(principal: Principal, request: TripSaleRequest, tripRead: TripRead): Promise<TripSalePlan> {
    const seats = [...new Set(request.seats)];
    if (seats.length !== request.seats.length) throw fieldError({ seats: 'names a seat twice' });
    const { maxSeatsPerReservation, bookingHoldMinutes, bookingCutoffMinutes } = this.d.config.reservations;
    if (seats.length > maxSeatsPerReservation) throw new AppError('MAX_SEAT_WARNING', { max: maxSeatsPerReservation });
    const trip =
      tripRead === 'STORED' ? await this.d.trips.get(request.tripId) : await this.d.trips.forSale(request.tripId);
    if (trip.companyId !== request.companyId) throw new AppError('TRIP_IS_FOREIGN', { tripId: trip.id });
    const segment = segmentOf(trip, request.originStationId, request.destinationStationId);
    const settings = await this.d.agentSettings.settings(principal.agentId, trip.companyId);
    assertSellable(principal, settings, trip, segment, this.d.clock.now());
    this.d.seatLocks.assertSeatsExist(trip, seats);
    let expiresAt: string | null = null;
    if (request.kind === 'BOOK') {
      const boarding = trip.stops[segment.fromIndex]?.time;
      const expiry = boarding
        ? bookingExpiry(this.d.clock.now(), boarding, bookingHoldMinutes, bookingCutoffMinutes)
        : null;
      if (!expiry) throw new AppError('BOOKING_TIME_EXCEED', { cutoffMinutes: bookingCutoffMinutes });
      expiresAt = expiry.toISOString();
    }
    const fares = await this.d.trips.fares(trip);
    return {
      kind: request.kind,
      companyId: trip.companyId,
      routeId: trip.routeId,
      tripId: trip.id,
      trip,
      segment,
      seats,
      drafts: tripSeatDrafts(seats, layoutSeatsOf(trip), (seatType) => fareFor(fares, segment, seatType)),
      expiresAt,
      seatLimit: seatLimitOf(settings, trip),
    };
  }

  private async planOpen(principal: Principal, request: OpenSaleRequest): Promise<OpenSalePlan> {
    const { routeId } = request;
    const [settings, stops] = await Promise.all([
      this.d.agentSettings.settings(principal.agentId, request.companyId),
      this.d.trips.routeStops(routeId),
    ]);
    const segment = openTicketSegment(
      { routeId, originStationId: request.originStationId, destinationStationId: request.destinationStationId },
      settings,
      stops,
    );
    return {
      kind: 'OPEN',
      companyId: request.companyId,
      routeId,
      tripId: null,
      segment,
      drafts: openTicketDrafts(await this.d.trips.routeFares(routeId), segment, request.seatType, request.seatCount),
    };
  }
}
