import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { RequestLimits } from './lib/request-limits';
import type { AccountService } from './modules/account/service';
import type { AgentSettingsService } from './modules/agent/service';
import { CachedAgentSettings } from './modules/agent/cached-settings';
import { BookingExpiryService } from './modules/booking-expiry/service';
import { CommissionService } from './modules/commission/service';
import { CouponService } from './modules/coupon/service';
import { FareQuoteService } from './modules/fare-quote/service';
import { IdempotencyService } from './modules/idempotency/service';
import { PassengerService } from './modules/passenger/service';
import { PnrPinGuard } from './modules/pnr-guard/service';
import { ReservationCharging } from './modules/reservation/charging';
import { ReservationCreateService } from './modules/reservation/create-service';
import { PinNotifier } from './modules/reservation/pin-notifier';
import { ReservationService } from './modules/reservation/service';
import { ReservationView } from './modules/reservation/view';
import { SeatLockService } from './modules/seat-lock/service';
import { BoardingPointService } from './modules/ticket-operation/boarding-point';
import { DelayedCancelOperatorService } from './modules/ticket-operation/delayed-cancel';
import { TicketOperationService } from './modules/ticket-operation/service';
import { TripOperatorService } from './modules/trip/operator';
import { TripService } from './modules/trip/service';
import type { SmsProvider } from './modules/sms/provider';

/** The selling engine's services (issue #3), wired on the foundation's. */
export function createSellingServices(
  { config, db, clock, sms }: { config: Config; db: Database; clock: Clock; sms: SmsProvider },
  base: { accounts: AccountService; agentSettings: AgentSettingsService; limits: RequestLimits },
) {
  const expiry = new BookingExpiryService(db, clock);
  const agentSettings = new CachedAgentSettings(base.agentSettings);
  const trips = new TripService(db, clock, config, agentSettings, expiry);
  const seatLocks = new SeatLockService(db, clock, config, trips, agentSettings, expiry);
  const coupons = new CouponService(db, clock);
  const commissions = new CommissionService(db, clock);
  const idempotency = new IdempotencyService(clock);
  const passengers = new PassengerService(db, clock, trips);
  const charging = new ReservationCharging(base.accounts);
  const view = new ReservationView(db, clock, config, trips);
  const notifier = new PinNotifier(db, clock, sms);
  const pnrGuard = new PnrPinGuard(db, clock, config, base.limits);
  const ticketOperations = new TicketOperationService({ db, clock, config, trips, expiry, commissions, coupons, charging, idempotency, view, guard: pnrGuard });
  return {
    bookingExpiry: expiry,
    trips,
    seatLocks,
    coupons,
    commissions,
    idempotency,
    passengers,
    pnrGuard,
    reservations: new ReservationService(db, clock, trips, coupons, expiry, view, notifier, config.sales.fineBands, pnrGuard),
    creating: new ReservationCreateService({ db, clock, config, trips, seatLocks, agentSettings, expiry, coupons, commissions, charging, passengers, idempotency, view, notifier, guard: pnrGuard }),
    ticketOperations,
    boardingPoints: new BoardingPointService({ db, clock, trips, expiry, agentSettings, idempotency, view, guard: pnrGuard }),
    delayedCancels: new DelayedCancelOperatorService({ db, clock, config, trips, ticketOperations }),
    tripOperator: new TripOperatorService(db, clock, trips),
    fareQuotes: new FareQuoteService({ clock, config, trips, seatLocks, agentSettings, coupons, commissions }),
  };
}
