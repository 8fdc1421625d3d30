/**
 * The sale the agent is putting together on the reservation screen, as one
 * state with one set of rules: which trip and segment, the coupon, the ticket
 * being migrated, the last result. The screen only dispatches what the agent
 * did; what that means for the rest of the sale is decided here. The seats
 * themselves live in the draft store (state/draft-store), which the seat map
 * reads click by click.
 */
import { MAX_SEATS_PER_RESERVATION, type Coupon, type Reservation, type TripSummary } from '@agent-portal/contract';
import type { Segment } from '../api/trip-details';

/** A ticket being moved to another trip: the reservation looked up, and the PIN that proved it. */
export interface MigrationSource {
  reservation: Reservation;
  pin: string;
}

export type TripTab = 'details' | 'passengers' | 'extra-weight';

export interface SaleState {
  trip: TripSummary | null;
  boardingId: number | null;
  droppingId: number | null;
  coupon: Coupon | null;
  migration: MigrationSource | null;
  /** The reservation just placed, shown until the next sale starts. */
  result: Reservation | null;
  /** What Print (F-key and button) prints: the last ticket placed or printed. */
  lastTicket: Reservation | null;
  tab: TripTab;
}

export const EMPTY_SALE: SaleState = {
  trip: null,
  boardingId: null,
  droppingId: null,
  coupon: null,
  migration: null,
  result: null,
  lastTicket: null,
  tab: 'details',
};

interface Stop {
  stationId: number;
}

export type SaleAction =
  | { type: 'tripPicked'; trip: TripSummary }
  | { type: 'boardingChosen'; stationId: number; boardingPoints: readonly Stop[]; droppingPoints: readonly Stop[] }
  | { type: 'droppingChosen'; stationId: number }
  | { type: 'couponChanged'; coupon: Coupon | null }
  | { type: 'migrationStarted'; source: MigrationSource }
  | { type: 'migrationCancelled' }
  | { type: 'placed'; reservation: Reservation }
  | { type: 'printed'; reservation: Reservation }
  | { type: 'closed' }
  | { type: 'tabChanged'; tab: TripTab };

export function saleReducer(state: SaleState, action: SaleAction): SaleState {
  switch (action.type) {
    // A new trip is a new sale: its whole route, no coupon (it was checked for another trip), no old result.
    case 'tripPicked':
      return {
        ...state,
        trip: action.trip,
        boardingId: action.trip.origin.stationId,
        droppingId: action.trip.destination.stationId,
        coupon: null,
        result: null,
        tab: 'details',
      };
    // A coupon is checked for a boarding point; a dropping point before the new boarding point becomes the last stop.
    case 'boardingChosen': {
      const boardingIndex = action.boardingPoints.findIndex((b) => b.stationId === action.stationId);
      const droppingIndex = action.droppingPoints.findIndex((d) => d.stationId === state.droppingId);
      const droppingId =
        droppingIndex < boardingIndex ? (action.droppingPoints.at(-1)?.stationId ?? null) : state.droppingId;
      return { ...state, boardingId: action.stationId, droppingId, coupon: null };
    }
    case 'droppingChosen':
      return { ...state, droppingId: action.stationId };
    case 'couponChanged':
      return { ...state, coupon: action.coupon };
    // A migration takes no coupon (the ticket was paid) and starts from a clean screen.
    case 'migrationStarted':
      return { ...state, migration: action.source, result: null };
    case 'migrationCancelled':
      return { ...state, migration: null };
    case 'placed':
      return { ...state, result: action.reservation, lastTicket: action.reservation, coupon: null, migration: null };
    // A print answers the ticket again (print count, no PIN): the result on screen keeps the PIN the sale gave.
    case 'printed':
      return {
        ...state,
        lastTicket: action.reservation,
        result:
          state.result?.pnr === action.reservation.pnr
            ? { ...action.reservation, pin: state.result.pin }
            : state.result,
      };
    // New sale: the same trip stays open for the next passenger.
    case 'closed':
      return { ...state, result: null, coupon: null, migration: null };
    case 'tabChanged':
      return { ...state, tab: action.tab };
  }
}

/** The segment whose seat map is shown, once a trip and both stops are chosen. */
export function segmentOf(state: Pick<SaleState, 'trip' | 'boardingId' | 'droppingId'>): Segment | null {
  const { trip, boardingId, droppingId } = state;
  return trip && boardingId && droppingId
    ? { tripId: trip.tripId, originStationId: boardingId, destinationStationId: droppingId }
    : null;
}

/** A migration moves exactly the seats the ticket holds; a sale takes up to the reservation maximum. */
export function maxSelectable(state: SaleState): number {
  const source = state.migration?.reservation;
  return source ? source.seats.filter((s) => s.status === source.status).length || 1 : MAX_SEATS_PER_RESERVATION;
}
