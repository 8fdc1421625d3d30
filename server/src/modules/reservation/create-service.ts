import { ReservationStatus, type Permission, type Reservation } from '@agent-portal/contract';
import type { z } from 'zod';
import type { createReservationRequestSchema } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { groupCommitOf } from '../../db/group-commit';
import { bookingExpiry } from '../../domain/booking';
import { openTicketDrafts, openTicketSegment, tripSeatDrafts } from '../../domain/pricing';
import { AppError, fieldError } from '../../http/app-error';
import { assertCompany, assertPermission } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { hashPin, newPin } from '../../lib/secrets';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { BookingExpiryService } from '../booking-expiry/service';
import type { CommissionService } from '../commission/service';
import type { CouponRow, CouponService } from '../coupon/service';
import { IdempotencyService } from '../idempotency/service';
import type { PassengerService } from '../passenger/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import { layoutSeatsOf, type SeatLockService } from '../seat-lock/service';
import { assertSellable, seatLimitOf, segmentOf } from '../trip/access';
import { fareFor, type TripService } from '../trip/service';
import type { SegmentRef, TripContext } from '../trip/types';
import type { ReservationCharging } from './charging';
import { ReservationRepository } from './repository';
import type { ReservationRow, ReservationSeatRow } from './rows';
import { PinNotifier } from './pin-notifier';
import { assertMigratable } from './migration-rule';
import { allocatePnr, SaleWriter } from './sale-writer';
import type { ReservationView } from './view';

export type CreateReservationBody = z.output<typeof createReservationRequestSchema>;
type Written = { row: ReservationRow; seats: ReservationSeatRow[] };

const PERMISSION_BY_KIND: Record<CreateReservationBody['kind'], Permission> = {
  SELL: 'AGENT_CREATE_RESERVATION',
  BOOK: 'AGENT_CREATE_BOOKING',
  OPEN: 'AGENT_SELL_OPEN_TICKET',
  MIGRATE: 'AGENT_MIGRATE_TRIP',
};

export interface CreateDeps {
  db: Database;
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
  private readonly repo: ReservationRepository;
  private readonly writer: SaleWriter;

  constructor(private readonly d: CreateDeps) {
    this.repo = new ReservationRepository(d.db);
    this.writer = new SaleWriter(d.clock, d.commissions, d.charging, d.coupons, d.passengers, this.repo);
  }

  async create(principal: Principal, body: CreateReservationBody, idempotencyKey: string | null): Promise<Reservation> {
    assertPermission(principal, { allOf: [PERMISSION_BY_KIND[body.kind]] });
    assertCompany(principal, body.companyId);
    const requestHash = idempotencyKey ? IdempotencyService.requestHash('createReservation', body) : '';
    // A repeat answers before any check: the rules may refuse now what they allowed then (the booking cut-off, a closed
    // trip).
    if (idempotencyKey) {
      const earlier = await this.d.idempotency.stored<Reservation>(
        this.d.db,
        principal.userId,
        idempotencyKey,
        requestHash,
      );
      if (earlier) return earlier;
    }
    // A migration's source through the PNR+PIN guard, before the sale's unit: its counts stand whatever the sale does.
    const verified =
      body.kind === 'MIGRATE' && body.migrateFrom
        ? await this.d.guard.verify(principal, body.migrateFrom.pnr, body.migrateFrom.pin)
        : null;
    const prepared =
      body.kind === 'OPEN' ? await this.prepareOpen(principal, body) : await this.prepareTrip(principal, body);
    const pin = newPin();
    // One savepoint of a group commit (db/group-commit.ts): atomic on its own, committed with its group-mates.
    const result = await groupCommitOf(this.d.db).run(async (trx) => {
      if (idempotencyKey) {
        const stored = await this.d.idempotency.stored<Reservation>(trx, principal.userId, idempotencyKey, requestHash);
        if (stored) return { answer: stored, fresh: null };
      }
      const written =
        prepared.kind === 'OPEN'
          ? await this.writeOpen(trx, principal, body, prepared, pin)
          : await this.writeTrip(trx, principal, body, prepared, pin, verified);
      const row = written.row;
      const answer = await this.d.view.build(row, principal, trx, {
        pin,
        preloaded: { seats: written.seats, trip: prepared.kind === 'OPEN' ? null : prepared.trip },
      });
      // The PIN SMS in the sale's own unit when the provider is the outbox: stored exactly when the sale commits.
      const smsRecorded = await this.d.notifier.recordPin(trx, row, pin, principal.userId, 'RESERVATION_PIN');
      if (idempotencyKey) await this.d.idempotency.store(trx, principal.userId, idempotencyKey, requestHash, answer);
      return { answer, fresh: smsRecorded ? null : row };
    });
    // A provider outside the database (a gateway) is called only once the sale is committed.
    if (result.fresh) await this.d.notifier.sendPin(result.fresh, pin, principal.userId, 'RESERVATION_PIN');
    return result.answer;
  }

  private requireTripFields(body: CreateReservationBody): { tripId: number; seats: string[] } {
    const fields: Record<string, string> = {};
    if (body.tripId === undefined) fields.tripId = 'required';
    if (!body.seats || body.seats.length === 0) fields.seats = 'name 1 to 5 seats';
    if (body.kind === 'MIGRATE' && !body.migrateFrom) fields.migrateFrom = 'required';
    if (Object.keys(fields).length) throw fieldError(fields);
    const seats = [...new Set(body.seats ?? [])];
    if (seats.length !== body.seats?.length) throw fieldError({ seats: 'names a seat twice' });
    if (seats.length > this.d.config.reservations.maxSeatsPerReservation) {
      throw new AppError('MAX_SEAT_WARNING', { max: this.d.config.reservations.maxSeatsPerReservation });
    }
    return { tripId: body.tripId as number, seats };
  }

  private async prepareTrip(principal: Principal, body: CreateReservationBody) {
    const { tripId, seats } = this.requireTripFields(body);
    const trip = await this.d.trips.forSale(tripId);
    if (trip.companyId !== body.companyId) throw new AppError('TRIP_IS_FOREIGN', { tripId });
    const segment = segmentOf(trip, body.originStationId, body.destinationStationId);
    const settings = await this.d.agentSettings.settings(principal.agentId, trip.companyId);
    assertSellable(principal, settings, trip, segment, this.d.clock.now());
    this.d.seatLocks.assertSeatsExist(trip, seats);
    const boarding = trip.stops[segment.fromIndex]?.time;
    let expiresAt: string | null = null;
    if (body.kind === 'BOOK') {
      const expiry = boarding
        ? bookingExpiry(
            this.d.clock.now(),
            boarding,
            this.d.config.reservations.bookingHoldMinutes,
            this.d.config.reservations.bookingCutoffMinutes,
          )
        : null;
      if (!expiry)
        throw new AppError('BOOKING_TIME_EXCEED', { cutoffMinutes: this.d.config.reservations.bookingCutoffMinutes });
      expiresAt = expiry.toISOString();
    }
    const fares = await this.d.trips.fares(trip);
    const layoutSeats = layoutSeatsOf(trip);
    const drafts = tripSeatDrafts(seats, layoutSeats, (seatType) => fareFor(fares, segment, seatType));
    return { kind: 'TRIP' as const, trip, segment, seats, drafts, expiresAt, limit: seatLimitOf(settings, trip) };
  }

  private async writeTrip(
    trx: Database,
    principal: Principal,
    body: CreateReservationBody,
    p: Awaited<ReturnType<ReservationCreateService['prepareTrip']>>,
    pin: string,
    verified: ReservationRow | null,
  ): Promise<Written> {
    const { trip, segment, seats } = p;
    await this.d.trips.assertOpenIn(trx, trip, segment, this.d.clock.now());
    await this.d.expiry.expire(trx, trip.id);
    await this.d.seatLocks.assertHeldAndFree(trx, trip, segment, seats, principal.userId);
    if (p.limit !== null) {
      const remaining = Math.max(0, p.limit - (await this.d.trips.agentSeatCount(trip.id, principal.agentId, trx)));
      if (seats.length > remaining)
        throw new AppError('SEAT_LIMIT_EXCEEDED', { remaining }, `Remaining seat limit: ${remaining}`);
    }
    const source =
      body.kind === 'MIGRATE' ? await this.migrationSource(trx, principal, verified, trip, seats.length) : null;
    const coupon =
      body.couponCode && body.kind !== 'MIGRATE'
        ? await this.d.coupons.validate(
            {
              companyId: trip.companyId,
              code: body.couponCode,
              routeId: trip.routeId,
              tripId: trip.id,
              phone: body.passenger.phone,
            },
            trx,
          )
        : null;
    const status = body.kind === 'BOOK' ? ReservationStatus.BOOKED : ReservationStatus.SOLD;
    const written = await this.writer.write(trx, principal, {
      pnr: await allocatePnr(trx, this.repo),
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
      drafts: p.drafts,
      coupon,
      expiresAt: p.expiresAt,
      referencePnr: source?.row.pnr ?? null,
      charge: body.kind === 'BOOK' ? 'NONE' : source ? { alreadyPaidMinor: source.paidMinor } : 'FULL',
    });
    await this.d.seatLocks.release(trx, trip.id, principal.userId, seats);
    if (source) await this.writer.retireMigrated(trx, principal, source.row, written.row.pnr);
    return written;
  }

  /**
   * The sold or open reservation a migration moves (same agent, same route, same number of seats, still cancellable if
   * sold).
   */
  private async migrationSource(
    trx: Database,
    principal: Principal,
    verified: ReservationRow | null,
    trip: TripContext,
    seatCount: number,
  ): Promise<{ row: ReservationRow; paidMinor: number }> {
    if (!verified) throw fieldError({ migrateFrom: 'required' });
    const source = await this.d.guard.recheck(trx, principal, verified);
    // Only while the source could still be cancelled (migration-rule.ts): the quote applies the same function.
    assertMigratable(
      source,
      source.trip_id === null ? null : await this.d.trips.get(source.trip_id, trx),
      this.d.clock.now(),
      this.d.config.sales.fineBands,
    );
    if (source.route_id !== trip.routeId)
      throw new AppError(
        'TRIP_NOT_ALLOWED',
        { routeId: trip.routeId },
        'A reservation migrates to a trip of the same route',
      );
    const active = (await this.repo.seats(source.id, trx)).filter((s) => s.active === 1);
    if (active.length !== seatCount)
      throw fieldError({ seats: `name ${active.length} seat(s), as many as the reservation holds` });
    // What the moved seats are worth (fare - discount): the quote of validateTripMigration uses the same.
    return { row: source, paidMinor: active.reduce((sum, s) => sum + s.fare_minor - s.discount_minor, 0) };
  }

  private async prepareOpen(principal: Principal, body: CreateReservationBody) {
    const fields: Record<string, string> = {};
    if (body.routeId === undefined) fields.routeId = 'required';
    if (body.seatType === undefined) fields.seatType = 'required';
    if (body.seatCount === undefined) fields.seatCount = 'required';
    if (Object.keys(fields).length) throw fieldError(fields);
    const routeId = body.routeId as number;
    const [settings, stops] = await Promise.all([
      this.d.agentSettings.settings(principal.agentId, body.companyId),
      this.d.trips.routeStops(routeId),
    ]);
    const segment: SegmentRef = openTicketSegment(
      { routeId, originStationId: body.originStationId, destinationStationId: body.destinationStationId },
      settings,
      stops,
    );
    const drafts = openTicketDrafts(
      await this.d.trips.routeFares(routeId),
      segment,
      body.seatType as NonNullable<typeof body.seatType>,
      body.seatCount as number,
    );
    return { kind: 'OPEN' as const, routeId, segment, drafts };
  }

  private async writeOpen(
    trx: Database,
    principal: Principal,
    body: CreateReservationBody,
    p: Awaited<ReturnType<ReservationCreateService['prepareOpen']>>,
    pin: string,
  ): Promise<Written> {
    const coupon: CouponRow | null = body.couponCode
      ? await this.d.coupons.validate(
          {
            companyId: body.companyId,
            code: body.couponCode,
            routeId: p.routeId,
            tripId: null,
            phone: body.passenger.phone,
          },
          trx,
        )
      : null;
    return this.writer.write(trx, principal, {
      pnr: await allocatePnr(trx, this.repo),
      pinHash: hashPin(pin),
      status: ReservationStatus.OPEN,
      kind: 'OPEN',
      companyId: body.companyId,
      tripId: null,
      routeId: p.routeId,
      segment: p.segment,
      originStationId: body.originStationId,
      destinationStationId: body.destinationStationId,
      passenger: body.passenger,
      drafts: p.drafts,
      coupon,
      expiresAt: null,
      referencePnr: null,
      charge: 'FULL',
    });
  }
}
