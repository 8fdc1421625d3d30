import { ReservationStatus, type Reservation } from '@agent-portal/contract';
import type { z } from 'zod';
import type { createReservationRequestSchema } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Unit, Units } from '../../db/units';
import type { LiveBus } from '../../db/live-bus';
import { raiseSeats, raiseTripRefetch } from '../live/raise';
import { AppError, fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { hashPin, newPin } from '../../lib/secrets';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { BookingExpiryService } from '../booking-expiry/service';
import type { CommissionService } from '../commission/service';
import type { CouponService } from '../coupon/service';
import { IdempotencyService } from '../idempotency/service';
import type { PassengerService } from '../passenger/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { SeatLockService } from '../seat-lock/service';
import type { TripService } from '../trip/service';
import type { TripContext } from '../trip/types';
import type { ReservationCharging } from './charging';
import { ReservationRepository } from './repository';
import type { ReservationRow, ReservationSeatRow } from './rows';
import { PinNotifier } from './pin-notifier';
import { assertMigratable, NO_REFUND_PERCENT } from './migration-rule';
import { SalePlanner, type OpenSalePlan, type TripSalePlan } from './sale-planner';
import { allocatePnr, SaleWriter } from './sale-writer';
import type { ReservationView } from './view';

/** A createReservation body of its kind (the contract's schema requires each kind's own fields). */
export type CreateReservationBody = z.output<typeof createReservationRequestSchema>;
type BodyOf<K extends CreateReservationBody['kind']> = Extract<CreateReservationBody, { kind: K }>;
type Written = { row: ReservationRow; seats: ReservationSeatRow[] };
/** A body with its plan; a migration with its source, verified by PNR and PIN. */
type Prepared =
  | { kind: 'OPEN'; body: BodyOf<'OPEN'>; plan: OpenSalePlan }
  | { kind: 'TRIP'; body: BodyOf<'SELL' | 'BOOK' | 'MIGRATE'>; plan: TripSalePlan; verified: ReservationRow | null };

export interface CreateDeps {
  units: Units;
  /** Live events (issue #35): the database's bus, raised in the sale's unit. */
  live: LiveBus;
  clock: Clock;
  config: Config;
  trips: TripService;
  seatLocks: SeatLockService;
  agentSettings: AgentSettingsSource;
  expiry: BookingExpiryService;
  coupons: CouponService;
  commissions: CommissionService;
  charging: ReservationCharging;
  passengers: PassengerService;
  idempotency: IdempotencyService;
  view: ReservationView;
  notifier: PinNotifier;
  guard: PnrPinGuard;
}

/**
 * createReservation: sell, book, open ticket, migrate. Everything that
 * reads seats or money and writes them runs as ONE atomic unit (a savepoint
 * of a group commit under BEGIN IMMEDIATE, db/group-commit.ts): lapsed
 * bookings are expired, the caller's locks and the seats' availability re-checked, the ledger debited and commission
 * credited, the Idempotency-Key answer stored, and the PIN SMS recorded when
 * the provider is the database outbox (else it goes after commit). An SMS
 * failure does not undo the sale.
 */
export class ReservationCreateService {
  private readonly writer: SaleWriter;
  private readonly planner: SalePlanner;

  constructor(private readonly d: CreateDeps) {
    this.planner = new SalePlanner(d);
    this.writer = new SaleWriter(d.clock, d.commissions, d.charging, d.coupons, d.passengers);
  }

  async create(principal: Principal, body: CreateReservationBody, idempotencyKey: string | null): Promise<Reservation> {
    this.planner.authorize(principal, body);
    const request = IdempotencyService.keyed(principal.userId, idempotencyKey, 'createReservation', body);
    // A repeat answers before any check: the rules may refuse now what they allowed then (the booking cut-off, a closed
    // trip).
    const earlier = await this.d.idempotency.earlier<Reservation>(request);
    if (earlier) return earlier;
    // A migration's source through the PNR+PIN guard, before the sale's unit: its counts stand whatever the sale does.
    // Then the quote's own preparation (sale-planner.ts), on the cached trip: the unit below re-reads its state.
    const prepared: Prepared =
      body.kind === 'OPEN'
        ? { kind: 'OPEN', body, plan: await this.planner.plan(principal, body, 'CACHED') }
        : {
            kind: 'TRIP',
            body,
            verified:
              body.kind === 'MIGRATE'
                ? await this.d.guard.verify(principal, body.migrateFrom.pnr, body.migrateFrom.pin)
                : null,
            plan: await this.planner.plan(principal, body, 'CACHED'),
          };
    const pin = newPin();
    // One savepoint of a group commit (db/group-commit.ts): atomic on its own, committed with its group-mates.
    const result = await this.d.units.hot(async (uow) => {
      const stored = await this.d.idempotency.stored<Reservation>(uow, request);
      if (stored) return { answer: stored, fresh: null };
      const written =
        prepared.kind === 'OPEN'
          ? await this.writeOpen(uow, principal, prepared, pin)
          : await this.writeTrip(uow, principal, prepared, pin);
      const row = written.row;
      // The PIN SMS as one of the unit's deferred writes when the provider keeps it in this database (the outbox),
      // queued after the sale's own: on PostgreSQL the deferred writes leave together just before the unit's next
      // statement (db/deferred-writes.ts), so queued earlier it would have been a statement of its own.
      const smsLater = await this.d.notifier.pinLater(uow, row, pin, principal.userId, 'RESERVATION_PIN');
      const answer = await this.d.view.build(uow, row, principal, {
        pin,
        preloaded: { seats: written.seats, trip: prepared.kind === 'OPEN' ? null : prepared.plan.trip },
      });
      // Otherwise in the sale's own unit when the provider can store it (a savepoint): stored exactly when the sale
      // commits; a provider outside the database is called after the commit.
      const smsRecorded =
        smsLater || (await this.d.notifier.recordPin(uow, row, pin, principal.userId, 'RESERVATION_PIN'));
      await this.d.idempotency.store(uow, request, answer);
      return { answer, fresh: smsRecorded ? null : row };
    });
    // A provider outside the database (a gateway) is called only once the sale is committed.
    if (result.fresh) await this.d.notifier.sendPin(result.fresh, pin, principal.userId, 'RESERVATION_PIN');
    return result.answer;
  }

  private async writeTrip(
    uow: Unit,
    principal: Principal,
    { body, plan, verified }: Extract<Prepared, { kind: 'TRIP' }>,
    pin: string,
  ): Promise<Written> {
    const { trip, segment, seats } = plan;
    // A migration's source first: its row lock comes before the trip's (Unit.lockRow, the order of locks).
    const source = verified ? await this.migrationSource(uow, principal, verified, trip, seats.length) : null;
    const open = await this.d.trips.assertOpenIn(uow, trip, segment, this.d.clock.now());
    if (open.lapsedBookings) await this.d.expiry.expireIn(uow, trip.id);
    await this.d.seatLocks.assertHeldAndFree(uow, trip, segment, seats, {
      userId: principal.userId,
      agentId: principal.agentId,
      seatLimit: plan.seatLimit,
    });
    // A migration keeps what was paid: no coupon.
    const coupon =
      body.couponCode && body.kind !== 'MIGRATE'
        ? await this.planner.couponIn(uow, plan, body.couponCode, body.passenger.phone)
        : null;
    const status = body.kind === 'BOOK' ? ReservationStatus.BOOKED : ReservationStatus.SOLD;
    const pnr = await allocatePnr(uow);
    const written = await this.writer.write(uow, principal, {
      pnr,
      pinHash: hashPin(pin),
      status,
      kind: body.kind,
      companyId: trip.companyId,
      tripId: trip.id,
      routeId: trip.routeId,
      segment,
      originStationId: body.originStationId,
      destinationStationId: body.destinationStationId,
      passenger: body.passenger,
      drafts: plan.drafts,
      coupon,
      expiresAt: plan.expiresAt,
      referencePnr: source?.row.pnr ?? null,
      // The refund terms: a sale's are the bands alone; a migration's carry its source's (migration-rule.ts).
      fineFloorPercent: source?.floorPercent ?? 0,
      charge: body.kind === 'BOOK' ? 'NONE' : source ? { alreadyPaidMinor: source.paidMinor } : 'FULL',
      // The caller's locks on the sold seats go with the sale's other write-only rows.
      alsoWrite: () => this.d.seatLocks.release(uow, trip.id, principal.userId, seats),
    });
    if (source) await this.writer.retireMigrated(uow, principal, source.row, written.row.pnr);
    // Live seat maps (issue #35): the seats sold or booked; a migration's source trip is read afresh.
    await raiseSeats(
      this.d.live,
      uow,
      trip.id,
      [{ names: seats, segment, state: body.kind === 'BOOK' ? 'BOOKED' : 'SOLD' }],
      body.kind === 'BOOK' ? plan.expiresAt : null,
    );
    if (source) await raiseTripRefetch(this.d.live, uow, [source.row.trip_id]);
    return written;
  }

  /**
   * The sold or open reservation a migration moves (same agent, same route, same number of seats, still cancellable if
   * sold).
   */
  private async migrationSource(
    uow: Unit,
    principal: Principal,
    verified: ReservationRow,
    trip: TripContext,
    seatCount: number,
  ): Promise<{ row: ReservationRow; paidMinor: number; floorPercent: number }> {
    // Locked before it is read and checked (PostgreSQL; SQLite has one writer): a cancel or another migration of the
    // same ticket at the same instant waits, then finds it retired (issue 32, item 2).
    await uow.lockRow('reservations', verified.id);
    const source = await this.d.guard.recheck(uow, principal, verified);
    // Only while the source could still be cancelled (migration-rule.ts): the quote applies the same function.
    const floorPercent = assertMigratable(
      source,
      source.trip_id === null ? null : await this.d.trips.getIn(uow, source.trip_id),
      this.d.clock.now(),
      this.d.config.sales.fineBands,
    );
    if (source.route_id !== trip.routeId)
      throw new AppError(
        'TRIP_NOT_ALLOWED',
        { routeId: trip.routeId },
        'A reservation migrates to a trip of the same route',
      );
    const active = (await uow.repo(ReservationRepository).seats(source.id)).filter((s) => s.active === 1);
    if (active.length !== seatCount)
      throw fieldError({ seats: `name ${active.length} seat(s), as many as the reservation holds` });
    // What the moved seats are worth (fare - discount): the quote of validateTripMigration uses the same.
    return {
      row: source,
      paidMinor: active.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0),
      floorPercent,
    };
  }

  private async writeOpen(
    uow: Unit,
    principal: Principal,
    { body, plan }: Extract<Prepared, { kind: 'OPEN' }>,
    pin: string,
  ): Promise<Written> {
    const coupon = body.couponCode
      ? await this.planner.couponIn(uow, plan, body.couponCode, body.passenger.phone)
      : null;
    return this.writer.write(uow, principal, {
      pnr: await allocatePnr(uow),
      pinHash: hashPin(pin),
      status: ReservationStatus.OPEN,
      kind: 'OPEN',
      companyId: body.companyId,
      tripId: null,
      routeId: plan.routeId,
      segment: plan.segment,
      originStationId: body.originStationId,
      destinationStationId: body.destinationStationId,
      passenger: body.passenger,
      drafts: plan.drafts,
      coupon,
      expiresAt: null,
      referencePnr: null,
      // An open ticket cannot be cancelled: no refund, and none for anything it becomes.
      fineFloorPercent: NO_REFUND_PERCENT,
      charge: 'FULL',
    });
  }
}
