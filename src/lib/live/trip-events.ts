/**
 * What a `trip` event of the live stream does to the trip details the portal shows. Pure, so the version and gap
 * rules are unit-tested: an event applies only when it is the next version of what is shown; an older or equal one
 * is already in; a jump (a missed event), or a change the shown segment cannot be sure of, means refetching.
 */
import type { LiveSeatChange, LiveSeatState, LiveTripEvent, TripDetails } from '@agent-portal/contract';
import { SeatStatus } from '../contract';

export type { LiveSeatChange, LiveSeatState, LiveTripEvent as TripEvent };

/** The trip details as the portal keeps them (liveVersion: the version its seats were read at, if the server says). */
export type LiveTripDetails = TripDetails;

export type VersionDecision = 'apply' | 'stale' | 'gap';

/**
 * The next version applies; one already shown is stale; a jump is a gap. With nothing known yet (a server whose
 * details carry no version, and no event of the trip seen since the details were read) the first event applies:
 * an event sets states rather than adding to them, so applying one the details already hold changes nothing.
 */
export function decideVersion(shown: number | null | undefined, incoming: number): VersionDecision {
  if (shown === null || shown === undefined) return 'apply';
  if (incoming <= shown) return 'stale';
  return incoming === shown + 1 ? 'apply' : 'gap';
}

const HELD: Record<Exclude<LiveSeatState, 'FREE' | 'LOCKED'>, TripSeatStatus> = {
  SOLD: SeatStatus.SOLD,
  BOOKED: SeatStatus.BOOKED,
  ADMIN_BOOKED: SeatStatus.ADMIN_BOOKED,
  LINKED: SeatStatus.LINKED,
};
type TripSeatStatus = NonNullable<TripDetails['decks'][number]['cells'][number]['seat']>['status'];
type TripSeat = NonNullable<TripDetails['decks'][number]['cells'][number]['seat']>;

/**
 * The seat as the shown segment sees it after one change, or 'unknown' when the change alone cannot tell (a seat
 * freed on only part of the shown segment may still be held on the rest).
 */
function seatAfter(seat: TripSeat, change: LiveSeatChange, shown: { fromOrder: number; toOrder: number }) {
  const overlaps = change.fromOrder < shown.toOrder && shown.fromOrder < change.toOrder;
  if (!overlaps) return seat;
  if (change.state === 'FREE') {
    const covers = change.fromOrder <= shown.fromOrder && change.toOrder >= shown.toOrder;
    return covers ? { ...seat, status: SeatStatus.AVAILABLE as TripSeatStatus, lockedBy: null, pnr: null } : 'unknown';
  }
  if (change.state === 'LOCKED') {
    // A reservation on the shown segment outranks a lock; whose lock it is, the stream does not say: a seat this
    // counter holds stays its own (the next refetch tells the server's view).
    if (seat.status !== SeatStatus.AVAILABLE) return seat;
    return { ...seat, lockedBy: seat.lockedBy === 'ME' ? 'ME' : 'OTHER' } as TripSeat;
  }
  return { ...seat, status: HELD[change.state], lockedBy: null };
}

export type ApplyResult = { kind: 'applied'; details: LiveTripDetails } | { kind: 'stale' } | { kind: 'refetch' };

/**
 * Applies one event to the shown details, or says it is already in, or that only a refetch can tell. The shown
 * version is the details' liveVersion, else `seen`: the newest event of the trip already applied or refetched for.
 */
export function applyTripEvent(details: LiveTripDetails, event: LiveTripEvent, seen?: number): ApplyResult {
  if (details.trip.tripId !== event.tripId) return { kind: 'stale' };
  const decision = decideVersion(details.liveVersion ?? seen, event.version);
  if (decision === 'stale') return { kind: 'stale' };
  // A change too large to list (event.refetch) or a segment the details do not place: only a read can tell.
  if (decision === 'gap' || event.refetch || !details.segment) return { kind: 'refetch' };
  const shown = details.segment;
  const bySeat = new Map<string, LiveSeatChange[]>();
  for (const change of event.seats) bySeat.set(change.seat, [...(bySeat.get(change.seat) ?? []), change]);
  let unknown = false;
  const decks = details.decks.map((deck) => ({
    ...deck,
    cells: deck.cells.map((cell) => {
      const changes = cell.seat ? bySeat.get(cell.seat.name) : undefined;
      if (!cell.seat || !changes) return cell;
      let seat: TripSeat = cell.seat;
      for (const change of changes) {
        const next = seatAfter(seat, change, shown);
        if (next === 'unknown') {
          unknown = true;
          return cell;
        }
        seat = next;
      }
      return seat === cell.seat ? cell : { ...cell, seat };
    }),
  }));
  if (unknown) return { kind: 'refetch' };
  return { kind: 'applied', details: { ...details, decks, liveVersion: event.version } };
}
