import type { Config } from './config';
import type { Database } from './db/database';
import { unitsOf } from './db/units';
import type { Clock } from './lib/clock';
import { RequestLimits } from './lib/request-limits';
import { AccountService } from './modules/account/service';
import { CachedAgentSettings } from './modules/agent/cached-settings';
import { AgentSettingsService } from './modules/agent/service';
import { AuthService } from './modules/auth/service';
import { BookingExpiryService } from './modules/booking-expiry/service';
import { CommissionRecordsService } from './modules/commission/records';
import { CommissionService } from './modules/commission/service';
import { CouponService } from './modules/coupon/service';
import { DepositOperatorService } from './modules/deposit/operator';
import { DepositService } from './modules/deposit/service';
import { DeviceService } from './modules/device/service';
import { ExtraWeightService } from './modules/extra-weight/service';
import { FareQuoteService } from './modules/fare-quote/service';
import { IdempotencyService } from './modules/idempotency/service';
import { LookupService } from './modules/lookup/service';
import { MaintenanceService } from './modules/maintenance/service';
import { OperatorService } from './modules/operator/service';
import { PassengerService } from './modules/passenger/service';
import { PasswordService } from './modules/password/service';
import { PnrPinGuard } from './modules/pnr-guard/service';
import { ProfileService } from './modules/profile/service';
import { ReportsService } from './modules/reports/service';
import { ReservationCharging } from './modules/reservation/charging';
import { ReservationCreateService } from './modules/reservation/create-service';
import { PinNotifier } from './modules/reservation/pin-notifier';
import { ReservationService } from './modules/reservation/service';
import { ReservationView } from './modules/reservation/view';
import { RetentionService } from './modules/retention/service';
import { SeatLockService } from './modules/seat-lock/service';
import { SessionService } from './modules/session/service';
import type { SmsProvider } from './modules/sms/provider';
import { OutboxSmsProvider, SmsOutboxService } from './modules/sms/service';
import { BoardingPointService } from './modules/ticket-operation/boarding-point';
import { DelayedCancelOperatorService } from './modules/ticket-operation/delayed-cancel';
import { TicketOperationService } from './modules/ticket-operation/service';
import { TransactionService } from './modules/transaction/service';
import { TripOperatorService } from './modules/trip/operator';
import { ReservationRecords } from './modules/reservation/records';
import { TripService } from './modules/trip/service';
import { UnprintedService } from './modules/unprinted/service';
import { UserService } from './modules/user/service';
import { VoucherService } from './modules/voucher/service';
import type { ReportPool } from './modules/reports/pool';

export interface Dependencies {
  config: Config;
  db: Database;
  clock: Clock;
  /** Defaults to the provider SMS_PROVIDER names (the outbox table). */
  sms?: SmsProvider;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The report workers instead of REPORT_WORKERS' own (tests: a pool with a gate); null runs reports here. */
  reportPool?: ReportPool | null;
}

export type Services = ReturnType<typeof createServices>;

/** Wires the services once; routes and the command line use the same ones. */
export function createServices({ config, db, clock, sms }: Dependencies) {
  // Live events (issue #35): off, units raise none (no version bump, no notification).
  const units = unitsOf(db);
  const live = units.live;
  live.enabled = config.live.enabled;
  const smsProvider = sms ?? new OutboxSmsProvider(units, clock);
  const limits = new RequestLimits(config, clock);
  const users = new UserService(units, clock, config);
  const sessions = new SessionService(units, clock, config, (id) => users.accessOf(id));
  const devices = new DeviceService(units, clock, config);
  const accounts = new AccountService(units, clock);
  const agentSettings = new AgentSettingsService(units);
  const outbox = new SmsOutboxService(units);

  // Trips, seats and reservations: search, seat locks, sales, bookings, ticket operations.
  const coupons = new CouponService(units, clock);
  const reservationRecords = new ReservationRecords(units);
  const expiry = new BookingExpiryService(units, clock, reservationRecords, coupons);
  const cachedAgentSettings = new CachedAgentSettings(agentSettings);
  const trips = new TripService(units, clock, config, cachedAgentSettings, expiry);
  const seatLocks = new SeatLockService(units, live, clock, config, trips, cachedAgentSettings, expiry);
  const commissions = new CommissionService(units, clock);
  const idempotency = new IdempotencyService(units, clock);
  const passengers = new PassengerService(units, clock, trips);
  // Stateless: the balance and credit-limit rules every charge follows (sales, extra weight).
  const charging = new ReservationCharging(accounts);
  const view = new ReservationView(clock, config, trips);
  const notifier = new PinNotifier(units, clock, smsProvider);
  const pnrGuard = new PnrPinGuard(units, clock, config, limits, reservationRecords);
  const ticketOperations = new TicketOperationService({
    units,
    live,
    clock,
    config,
    trips,
    expiry,
    commissions,
    coupons,
    charging,
    idempotency,
    view,
    guard: pnrGuard,
  });

  // Money and records: deposits, the ledger's transactions, commissions, extra weight, receipts.
  const vouchers = new VoucherService(units, clock, config);

  return {
    bookingExpiry: expiry,
    trips,
    seatLocks,
    coupons,
    commissions,
    idempotency,
    passengers,
    pnrGuard,
    reservations: new ReservationService(
      units,
      clock,
      trips,
      coupons,
      expiry,
      view,
      notifier,
      config.sales.fineBands,
      pnrGuard,
    ),
    creating: new ReservationCreateService({
      units,
      live,
      clock,
      config,
      trips,
      seatLocks,
      agentSettings: cachedAgentSettings,
      expiry,
      coupons,
      commissions,
      charging,
      passengers,
      idempotency,
      view,
      notifier,
      guard: pnrGuard,
    }),
    ticketOperations,
    boardingPoints: new BoardingPointService({
      units,
      live,
      clock,
      trips,
      expiry,
      agentSettings: cachedAgentSettings,
      idempotency,
      view,
      guard: pnrGuard,
    }),
    delayedCancels: new DelayedCancelOperatorService({ units, clock, config, trips, ticketOperations }),
    tripOperator: new TripOperatorService(units, live, clock, trips, reservationRecords),
    fareQuotes: new FareQuoteService({
      clock,
      config,
      trips,
      seatLocks,
      agentSettings: cachedAgentSettings,
      coupons,
      commissions,
    }),
    deposits: new DepositService(units, clock, config, accounts, idempotency, vouchers),
    depositOperator: new DepositOperatorService(units, clock, accounts),
    transactions: new TransactionService(units, config, accounts),
    commissionRecords: new CommissionRecordsService(units, clock, config),
    extraWeight: new ExtraWeightService({
      units,
      clock,
      config,
      trips,
      charging,
      idempotency,
      guard: pnrGuard,
      reservations: reservationRecords,
    }),
    unprinted: new UnprintedService(units, clock),
    vouchers,
    users,
    sessions,
    devices,
    accounts,
    agentSettings,
    auth: new AuthService(users, sessions, devices, limits),
    passwords: new PasswordService(units, clock, config, users, sessions, smsProvider, limits),
    profiles: new ProfileService(users, accounts, agentSettings, clock, config.timeZone),
    lookups: new LookupService(units, agentSettings),
    operator: new OperatorService(users, sessions, devices, outbox),
    reports: new ReportsService(units, clock, config),
    retention: new RetentionService(units, clock, config),
    maintenance: new MaintenanceService(units, clock),
  };
}
