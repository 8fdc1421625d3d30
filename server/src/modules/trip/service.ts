import type { SeatType, TripDetails, TripSummary } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Reader, Unit, Units } from '../../db/units';
import { seatsOf, SEAT_LAYOUTS, type SeatLayout } from '../../domain/seat-layouts';
import { segmentsOverlap } from '../../domain/segments';
import { AppError } from '../../http/app-error';
import { assertCompany } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor } from '../../lib/money';
import { TtlCache } from '../../lib/ttl-cache';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { BookingExpiryService } from '../booking-expiry/service';
import { buildDecks, stopView } from './seat-map';
import { TripRepository } from './repository';
import { assertTripOpen, segmentOf } from './access';
import type { FareRow, OccupiedSeat, SegmentRef, TripContext } from './types';

const layouts = new Map<string, SeatLayout>();

/** Layouts are pure templates: built once per key (callers never mutate them). */
export function layoutOf(trip: Pick<TripContext, 'layoutKey'>): SeatLayout {
  let layout = layouts.get(trip.layoutKey);
  if (!layout) {
    const make = SEAT_LAYOUTS[trip.layoutKey];
    if (!make) throw new Error(`unknown seat layout ${trip.layoutKey}`);
    layout = make();
    layouts.set(trip.layoutKey, layout);
  }
  return layout;
}

/** Fare of one seat type on a segment, or null when the fare table has none. */
export function fareFor(fares: readonly FareRow[], segment: SegmentRef, seatType: SeatType): number | null {
  return (
    fares.find((f) => f.fromIndex === segment.fromIndex && f.toIndex === segment.toIndex && f.seatType === seatType)
      ?.fareMinor ?? null
  );
}

export class TripService {
  /** A trip's coach, route, stops and layout never change once it exists; its state does, and is read every time. */
  private readonly trips = new TtlCache<number, TripContext | null>(60_000);
  private readonly fareTables = new TtlCache<number, FareRow[]>(30_000);

  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly agentSettings: AgentSettingsSource,
    private readonly expiry: BookingExpiryService,
  ) {}

  /** Outside any unit (it reads on its own): the trip, its state as stored now. */
  get(tripId: number): Promise<TripContext> {
    return this.units.read((r) => this.getIn(r, tripId));
  }

  /** The trip with `r`: inside a unit, its own (the one SQLite connection is the unit's until it ends). */
  async getIn(r: Reader, tripId: number): Promise<TripContext> {
    const repo = r.repo(TripRepository);
    const trip = await this.cachedContext(tripId, repo);
    return { ...trip, state: await this.storedState(trip, repo) };
  }

  /** The repository for reads outside any unit, each its own statement (Units.read). */
  private get repo(): TripRepository {
    return this.units.read((r) => r.repo(TripRepository));
  }

  /**
   * A trip for the checks a seat lock or a sale makes before its unit of
   * work: the cached context, whose state is read again only when the cache
   * says the trip takes no reservations (it may have reopened since). The
   * unit re-reads the state itself (assertOpenIn), inside the transaction
   * that would sell on it, so a trip closed or omitted in between is refused
   * there; before, the state was read here, outside that transaction, where
   * a close could still slip in between the check and the sale.
   */
  async forSale(tripId: number): Promise<TripContext> {
    const trip = await this.cachedContext(tripId, this.repo);
    return trip.state === 'OPEN' ? trip : { ...trip, state: await this.storedState(trip, this.repo) };
  }

  /**
   * Inside a lock's or a sale's unit: refused (TRIP_IS_CLOSED, TRIP_OMITTED, ...) unless the trip, as stored now, takes
   * reservations for `segment`. Answers whether a booking on the trip has lapsed by `now`: the unit expires those
   * (BookingExpiryService) before it reads the seats, and need not look for them when there is none.
   */
  async assertOpenIn(
    uow: Unit,
    trip: TripContext,
    segment: SegmentRef,
    now: Date,
  ): Promise<{ lapsedBookings: boolean }> {
    // The trip's seats are checked and claimed next: one unit at a time per trip (PostgreSQL; SQLite is one writer).
    const stored = await uow.repo(TripRepository).lockedState(trip.id, now.toISOString());
    assertTripOpen({ ...trip, state: stored?.state ?? trip.state }, segment, now);
    return { lapsedBookings: stored?.lapsedBookings ?? true };
  }

  private async cachedContext(tripId: number, repo: TripRepository): Promise<TripContext> {
    const trip = await this.trips.get(tripId, () => repo.find(tripId));
    if (!trip) throw new AppError('TRIP_NOT_FOUND', { tripId });
    return trip;
  }

  /** The trip's state as stored now (the cached context's may be old). */
  private async storedState(trip: TripContext, repo: TripRepository): Promise<TripContext['state']> {
    return (await repo.storedState(trip.id)) ?? trip.state;
  }

  /** Outside any unit: the trip's fares (cached). */
  fares(trip: TripContext): Promise<FareRow[]> {
    return this.fareTables.get(trip.id, () => this.repo.fares(trip));
  }

  /** Route-level fares of any coach type (open tickets have no coach), lowest first. */
  routeFares(routeId: number): Promise<FareRow[]> {
    return this.repo.routeFares(routeId);
  }

  /** A route's stops in order (open tickets have a route but no trip). */
  routeStops(routeId: number): Promise<{ index: number; stationId: number }[]> {
    return this.repo.routeStops(routeId);
  }

  /** Active seats an agent holds on a trip (the coach seat limit counts these); inside a unit pass it. */
  reportingTime(boarding: Date): Date {
    return new Date(boarding.getTime() - this.config.sales.reportingOffsetMinutes * 60_000);
  }

  private async summary(trip: TripContext, segment: SegmentRef, occupied?: OccupiedSeat[]): Promise<TripSummary> {
    const seats = seatsOf(layoutOf(trip));
    const taken = new Set(
      (occupied ?? (await this.repo.occupied(trip.id)))
        .filter((o) => segmentsOverlap(o, segment))
        .map((o) => o.seatName),
    );
    const fares = (await this.fares(trip)).filter(
      (f) => f.fromIndex === segment.fromIndex && f.toIndex === segment.toIndex,
    );
    const origin = trip.stops[segment.fromIndex];
    const destination = trip.stops[segment.toIndex];
    if (!origin || !destination) throw new AppError('STATION_NOT_FOUND');
    return {
      tripId: trip.id,
      companyId: trip.companyId,
      coachCode: trip.coachCode,
      coachType: trip.coachType,
      routeId: trip.routeId,
      routeName: trip.routeName,
      tripDate: trip.tripDate,
      state: trip.state,
      allowIntermediate: trip.allowIntermediate,
      origin: stopView(origin),
      destination: stopView(destination),
      availableSeats: seats.filter((s) => !taken.has(s.name)).length,
      totalSeats: seats.length,
      fareFrom: fromMinor(fares.length ? Math.min(...fares.map((f) => f.fareMinor)) : 0),
    };
  }

  /** The first stop in `originCityId` and a later one in `destinationCityId` (or the dropping station). */
  private citySegment(
    trip: TripContext,
    originCityId?: number,
    destinationCityId?: number,
    droppingPointId?: number,
  ): SegmentRef | null {
    const fromIndex = originCityId === undefined ? 0 : trip.stops.findIndex((s) => s.cityId === originCityId);
    if (fromIndex < 0) return null;
    const later = trip.stops.slice(fromIndex + 1);
    const dest =
      droppingPointId !== undefined
        ? later.find((s) => s.stationId === droppingPointId)
        : destinationCityId === undefined
          ? later[later.length - 1]
          : later.find((s) => s.cityId === destinationCityId);
    return dest ? { fromIndex, toIndex: dest.index } : null;
  }

  async searchByRoute(
    principal: Principal,
    q: {
      companyId: number;
      tripDate: string;
      originCityId: number;
      destinationCityId: number;
      droppingPointId?: number | undefined;
      coachType?: string | undefined;
      routeId?: number | undefined;
    },
  ): Promise<TripSummary[]> {
    assertCompany(principal, q.companyId);
    await this.expiry.expire();
    const routeIds = (await this.agentSettings.assignedRouteIds(principal.agentId, q.companyId)).filter(
      (id) => q.routeId === undefined || id === q.routeId,
    );
    const trips = await this.repo.onDate({
      companyId: q.companyId,
      tripDate: q.tripDate,
      routeIds,
      ...(q.coachType ? { coachType: q.coachType } : {}),
    });
    const out: TripSummary[] = [];
    for (const trip of trips) {
      const segment = this.citySegment(trip, q.originCityId, q.destinationCityId, q.droppingPointId);
      if (segment) out.push(await this.summary(trip, segment));
    }
    return out;
  }

  async searchByCode(
    principal: Principal,
    q: {
      companyId: number;
      tripDate: string;
      coachCode: string;
      originCityId?: number | undefined;
      destinationCityId?: number | undefined;
    },
  ): Promise<TripSummary[]> {
    assertCompany(principal, q.companyId);
    await this.expiry.expire();
    const routeIds = await this.agentSettings.assignedRouteIds(principal.agentId, q.companyId);
    const trips = await this.repo.onDate({
      companyId: q.companyId,
      tripDate: q.tripDate,
      routeIds,
      coachCode: q.coachCode,
    });
    const out: TripSummary[] = [];
    for (const trip of trips) {
      const segment = this.citySegment(trip, q.originCityId, q.destinationCityId);
      if (segment) out.push(await this.summary(trip, segment));
    }
    return out;
  }

  async details(
    principal: Principal,
    q: { tripId: number; originStationId: number; destinationStationId: number },
  ): Promise<TripDetails> {
    const trip = await this.get(q.tripId);
    assertCompany(principal, trip.companyId);
    // Only routes assigned to the agent, as search (which lists no other) and seat locks do.
    if (!(await this.agentSettings.assignedRouteIds(principal.agentId, trip.companyId)).includes(trip.routeId))
      throw new AppError('TRIP_NOT_ALLOWED', { routeId: trip.routeId });
    const segment = segmentOf(trip, q.originStationId, q.destinationStationId);
    await this.expiry.expire(trip.id);
    // Live events' version (issue #35), read BEFORE the seats: the seats shown are at least that new, so an event
    // newer than it may repeat what is shown (its states are absolute) but none is missed.
    const liveVersion = await this.repo.liveVersion(trip.id);
    const now = this.clock.now();
    const [occupied, locks, fares] = await Promise.all([
      this.repo.occupied(trip.id),
      this.repo.activeLocks(trip.id, now.toISOString()),
      this.fares(trip),
    ]);
    const segmentFares = fares.filter((f) => f.fromIndex === segment.fromIndex && f.toIndex === segment.toIndex);
    const mine = locks.filter((l) => l.userId === principal.userId && segmentsOverlap(l, segment));
    const linked = trip.linkedTripId ? await this.repo.find(trip.linkedTripId) : null;
    const last = trip.stops[trip.stops.length - 1];
    if (!last) throw new AppError('TRIP_NOT_FOUND', { tripId: trip.id });
    return {
      trip: await this.summary(trip, segment, occupied),
      driverSide: trip.driverSide,
      decks: buildDecks(layoutOf(trip), { segment, occupied, locks, fares: segmentFares, principal }),
      boardingPoints: trip.stops
        .slice(0, -1)
        .map((s) => ({ ...stopView(s), reportingTime: this.reportingTime(s.time).toISOString() })),
      droppingPoints: trip.stops.slice(1).map(stopView),
      arrival: stopView(last),
      linkedCoach: linked ? { tripId: linked.id, coachCode: linked.coachCode, note: trip.linkedNote ?? '' } : null,
      fares: segmentFares.map((f) => ({ seatType: f.seatType, fare: fromMinor(f.fareMinor) })),
      myLocks: {
        seats: mine.map((l) => l.seatName).sort(),
        expiresAt: mine.length ? (mine.map((l) => l.expiresAt).sort()[0] ?? null) : null,
      },
      segment: { fromOrder: segment.fromIndex, toOrder: segment.toIndex },
      liveVersion,
    };
  }
}
