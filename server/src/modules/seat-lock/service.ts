import type { Config } from '../../config';
import type { Unit, Units } from '../../db/units';
import type { SeatType } from '@agent-portal/contract';
import { seatsOf, type SeatLayout } from '../../domain/seat-layouts';
import { segmentsOverlap } from '../../domain/segments';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { BookingExpiryService } from '../booking-expiry/service';
import { assertSellable, seatLimitOf, segmentOf } from '../trip/access';
import { layoutOf, type TripService } from '../trip/service';
import type { SeatLockRow, SegmentRef, TripContext } from '../trip/types';
import type { LiveBus } from '../../db/live-bus';
import { LAPSE_GRACE_MS } from '../live/lapses';
import { raiseSeats } from '../live/raise';
import { SeatLockRepository, type HeldSeat } from './repository';

/** Each layout's seats, as a list and by name, made once per layout (every lock and sale looks seats up). */
const seatIndexes = new WeakMap<
  SeatLayout,
  { list: ReturnType<typeof seatsOf>; types: ReadonlyMap<string, SeatType> }
>();

function seatIndexOf(trip: TripContext) {
  const layout = layoutOf(trip);
  let index = seatIndexes.get(layout);
  if (!index) {
    const list = seatsOf(layout);
    index = { list, types: new Map(list.map((s) => [s.name, s.seatType])) };
    seatIndexes.set(layout, index);
  }
  return index;
}

export const seatTypesOf = (trip: TripContext): ReadonlyMap<string, SeatType> => seatIndexOf(trip).types;
/** seatsOf(layoutOf(trip)), shared: do not change it. */
export const layoutSeatsOf = (trip: TripContext): ReturnType<typeof seatsOf> => seatIndexOf(trip).list;

const covers = (lock: SegmentRef, segment: SegmentRef) =>
  lock.fromIndex <= segment.fromIndex && lock.toIndex >= segment.toIndex;

/** Seats of `names` taken on the segment by an active reservation or locked by someone else. */
function takenSeats(
  names: readonly string[],
  segment: SegmentRef,
  occupied: readonly HeldSeat[],
  locks: readonly SeatLockRow[],
  userId: number,
): string[] {
  const bad = new Set<string>();
  for (const o of occupied) if (segmentsOverlap(o, segment)) bad.add(o.seatName);
  for (const l of locks) if (l.userId !== userId && segmentsOverlap(l, segment)) bad.add(l.seatName);
  return names.filter((n) => bad.has(n));
}

/** SEAT_LIMIT_EXCEEDED, saying how many are left, when `adding` seats do not fit in the `left` the limit allows. */
function assertWithinSeatLimit(left: number, adding: number): void {
  const remaining = Math.max(0, left);
  if (adding > remaining)
    throw new AppError('SEAT_LIMIT_EXCEEDED', { remaining }, `Remaining seat limit: ${remaining}`);
}

/**
 * Seat locks: a user holds up to N seats of a trip (all segments together)
 * for a few minutes while the passenger decides; a sale needs the caller's lock. The
 * whole check-and-insert runs as one atomic unit under the write lock (a
 * savepoint of a group commit), so of two users racing for a seat exactly
 * one gets it.
 */
export class SeatLockService {
  constructor(
    private readonly units: Units,
    /** Live events (issue #35): the database's bus, raised in the lock's unit. */
    private readonly live: LiveBus,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly trips: TripService,
    private readonly agentSettings: AgentSettingsSource,
    private readonly expiry: BookingExpiryService,
  ) {}

  /** Seats of the layout by name; SEAT_NOT_FOUND names the unknown ones. */
  assertSeatsExist(trip: TripContext, names: readonly string[]): void {
    const known = seatTypesOf(trip);
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length) throw new AppError('SEAT_NOT_FOUND', { seats: unknown });
  }

  async lock(
    principal: Principal,
    req: { tripId: number; originStationId: number; destinationStationId: number; lock: string[]; release: string[] },
  ): Promise<{ seats: string[]; expiresAt: string | null }> {
    const trip = await this.trips.forSale(req.tripId);
    const segment = segmentOf(trip, req.originStationId, req.destinationStationId);
    const lockNames = [...new Set(req.lock)];
    const settings = await this.agentSettings.settings(principal.agentId, trip.companyId);
    if (lockNames.length) {
      assertSellable(principal, settings, trip, segment, this.clock.now());
      this.assertSeatsExist(trip, lockNames);
    } else if (!principal.companyIds.includes(trip.companyId)) {
      throw new AppError('COMPANY_NOT_ALLOWED', { companyId: trip.companyId });
    }
    // Few statements on purpose: every lock holds the database while it runs. Atomic as a
    // savepoint of a group commit (db/group-commit.ts), like a sale.
    return this.units.hot(async (uow) => {
      const repo = uow.repo(SeatLockRepository);
      const now = this.clock.now();
      const nowIso = now.toISOString();
      // Releases always go through; a new lock only while the trip, as stored now, takes reservations.
      const open = lockNames.length ? await this.trips.assertOpenIn(uow, trip, segment, now) : null;
      if (open?.lapsedBookings !== false) await this.expiry.expireIn(uow, trip.id);
      const limit = lockNames.length ? seatLimitOf(settings, trip) : null;
      const {
        locks,
        held: occupied,
        agentSeats,
      } = await repo.locksAndHeld(trip.id, nowIso, lockNames, {
        seatsOfAgent: limit === null ? null : principal.agentId,
      });
      const releasing = new Set([...req.release, ...lockNames]);
      const mine = locks.filter(
        (l) => l.userId === principal.userId && segmentsOverlap(l, segment) && !releasing.has(l.seatName),
      );
      let fresh: SeatLockRow[] = [];
      if (lockNames.length) {
        const taken = takenSeats(lockNames, segment, occupied, locks, principal.userId);
        if (taken.length)
          throw new AppError(
            'SEAT_UNAVAILABLE',
            { seats: taken },
            `These seats are NOT available: ${taken.join(', ')}`,
          );
        // The caller's locks on the whole trip, any segment: counted per segment, one user could hold the
        // maximum on every leg. A seat the caller re-locks is one lock (clear replaces it), not two.
        const released = new Set(req.release);
        const held = new Set(
          locks.filter((l) => l.userId === principal.userId && !released.has(l.seatName)).map((l) => l.seatName),
        );
        const max = this.config.sales.maxLockedSeats;
        if (new Set([...held, ...lockNames]).size > max)
          throw new AppError('MAX_SEAT_WARNING', { max }, `Maximum allowed seat: ${max}`);
        if (limit !== null)
          assertWithinSeatLimit(limit - (agentSeats ?? 0) - held.size, lockNames.filter((n) => !held.has(n)).length);
        const expiresAt = new Date(now.getTime() + this.config.reservations.seatLockMinutes * 60_000).toISOString();
        fresh = lockNames.map((seatName) => ({
          seatName,
          fromIndex: segment.fromIndex,
          toIndex: segment.toIndex,
          userId: principal.userId,
          expiresAt,
        }));
      }
      // One statement on PostgreSQL: the delete leaves the caller's own locks on the seats it locks to the upsert.
      const locking = new Set(lockNames);
      await uow.deferred(async () => {
        const released = req.release.filter((n) => !locking.has(n));
        // Lapsed locks go once LAPSE_GRACE_MS old: until then the live lapse watch deletes them and raises their seats
        // FREE (modules/live/lapses.ts); deleted here at the lapse, no open seat map would hear of it.
        const lapsedBefore = new Date(now.getTime() - LAPSE_GRACE_MS).toISOString();
        await repo.clear(trip.id, lapsedBefore, principal.userId, released, lockNames);
        await repo.place(fresh.map((l) => ({ ...l, tripId: trip.id })));
      });
      // Live seat maps (issue #35): what this unit freed and locked, published once it commits.
      const freed = locks.filter((l) => l.userId === principal.userId && releasing.has(l.seatName));
      await raiseSeats(
        this.live,
        uow,
        trip.id,
        [
          ...freed.map((l) => ({ names: [l.seatName], segment: l, state: 'FREE' as const })),
          { names: lockNames, segment, state: 'LOCKED' as const },
        ],
        fresh[0]?.expiresAt,
      );
      const now2 = [...mine, ...fresh];
      return { seats: now2.map((l) => l.seatName).sort(), expiresAt: now2.map((l) => l.expiresAt).sort()[0] ?? null };
    });
  }

  /**
   * Inside a sale, in one read of the trip's locks: every seat must be locked
   * by the caller for a segment covering the sale's (SEAT_NOT_LOCKED), no
   * active reservation may overlap it (SEAT_UNAVAILABLE), and, when the agent
   * has a seat limit on this trip's coach, its active seats there plus these
   * must stay within it (SEAT_LIMIT_EXCEEDED).
   */
  async assertHeldAndFree(
    uow: Unit,
    trip: TripContext,
    segment: SegmentRef,
    names: readonly string[],
    seller: { userId: number; agentId: number; seatLimit: number | null },
  ): Promise<void> {
    const { userId } = seller;
    const nowIso = this.clock.now().toISOString();
    const { locks, held, agentSeats } = await uow.repo(SeatLockRepository).locksAndHeld(trip.id, nowIso, names, {
      lockNames: names,
      seatsOfAgent: seller.seatLimit === null ? null : seller.agentId,
    });
    const ok = new Set(locks.filter((l) => l.userId === userId && covers(l, segment)).map((l) => l.seatName));
    const missing = names.filter((n) => !ok.has(n));
    if (missing.length)
      throw new AppError('SEAT_NOT_LOCKED', { seats: missing }, `Lock these seats first: ${missing.join(', ')}`);
    const taken = takenSeats(names, segment, held, locks, userId);
    if (taken.length)
      throw new AppError('SEAT_UNAVAILABLE', { seats: taken }, `These seats are NOT available: ${taken.join(', ')}`);
    if (seller.seatLimit !== null) assertWithinSeatLimit(seller.seatLimit - (agentSeats ?? 0), names.length);
  }

  /** Inside the unit `uow` (a sale releases the locks of the seats it sold); deferred while the unit defers. */
  release(uow: Unit, tripId: number, userId: number, names: readonly string[]): Promise<void> {
    return uow.repo(SeatLockRepository).release(tripId, userId, names);
  }
}
