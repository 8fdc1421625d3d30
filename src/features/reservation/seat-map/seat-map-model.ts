/**
 * Pure data behind the seat map: what state each seat is in as the agent sees
 * it, and the per-status counts of the legend. No React here, so the rules are
 * unit-testable and the component stays about drawing.
 */
import { SeatStatus, type Deck, type SeatCell } from '@agent-portal/contract';

/** A seat as the trip details describe it (the `seat` of a SEAT cell). */
export type SeatInfo = NonNullable<SeatCell['seat']>;

/** The states the map tells apart, in legend order. */
export const SEAT_VIEW_STATUSES = [
  'available',
  'selected',
  'lockedByMe',
  'lockedByOther',
  'sold',
  'booked',
  'adminBooked',
  'linked',
] as const;
export type SeatViewStatus = (typeof SEAT_VIEW_STATUSES)[number];

const HELD_STATUS: Partial<Record<SeatInfo['status'], SeatViewStatus>> = {
  [SeatStatus.SOLD]: 'sold',
  [SeatStatus.BOOKED]: 'booked',
  [SeatStatus.ADMIN_BOOKED]: 'adminBooked',
  [SeatStatus.LINKED]: 'linked',
};

/**
 * A reservation outranks any lock or selection: once the server says a seat is
 * sold, the agent must see that, even if it is still in their draft.
 */
export function seatViewStatus(seat: SeatInfo, selected: boolean): SeatViewStatus {
  const held = HELD_STATUS[seat.status];
  if (held) return held;
  if (selected) return 'selected';
  if (seat.lockedBy === 'OTHER') return 'lockedByOther';
  if (seat.lockedBy === 'ME') return 'lockedByMe';
  return 'available';
}

/** Seats the agent can add to or remove from their selection. */
export function isToggleable(status: SeatViewStatus): boolean {
  return status === 'available' || status === 'selected' || status === 'lockedByMe';
}

/** Seats held by a reservation: a click shows who holds them. */
export function isInspectable(status: SeatViewStatus): boolean {
  return status === 'sold' || status === 'booked' || status === 'adminBooked' || status === 'linked';
}

/** A seat with where it sits, for lookups by name and spatial navigation. */
export interface PlacedSeat {
  seat: SeatInfo;
  deckIndex: number;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

export type SeatIndex = ReadonlyMap<string, PlacedSeat>;

export function indexSeats(decks: readonly Deck[]): SeatIndex {
  const index = new Map<string, PlacedSeat>();
  decks.forEach((deck, deckIndex) => {
    for (const cell of deck.cells) {
      if (cell.kind !== 'SEAT' || !cell.seat) continue;
      index.set(cell.seat.name, {
        seat: cell.seat,
        deckIndex,
        row: cell.row,
        col: cell.col,
        rowSpan: cell.rowSpan,
        colSpan: cell.colSpan,
      });
    }
  });
  return index;
}

export type StatusCounts = Record<SeatViewStatus, number>;

export function countByStatus(index: SeatIndex, selected: ReadonlySet<string>): StatusCounts {
  const counts = Object.fromEntries(SEAT_VIEW_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const { seat } of index.values()) counts[seatViewStatus(seat, selected.has(seat.name))] += 1;
  return counts;
}
