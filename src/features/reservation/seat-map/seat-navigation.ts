/**
 * Spatial arrow-key navigation over the seats of all decks. Seats are points
 * at their cell's centre; an arrow goes to the nearest seat in that direction,
 * preferring seats in line with the current one, so it jumps over aisles and
 * driver/door cells. Decks are drawn side by side, so running off the right
 * edge of a deck continues on the next deck (and the left edge on the
 * previous one), at the nearest row.
 */
import type { PlacedSeat, SeatIndex } from './seat-map-model';

export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

export function isNavigationKey(key: string): key is NavigationKey {
  return ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key);
}

const centre = (p: PlacedSeat) => ({ x: p.col + p.colSpan / 2, y: p.row + p.rowSpan / 2 });

/** Sideways distance weighs more than forward distance, so "right" means "right, in this row" first. */
const ORTHOGONAL_WEIGHT = 3;

function nearestInDirection(
  from: PlacedSeat,
  candidates: readonly PlacedSeat[],
  key: NavigationKey,
): PlacedSeat | null {
  const a = centre(from);
  let best: PlacedSeat | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === from) continue;
    const b = centre(candidate);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const [forward, sideways] =
      key === 'ArrowRight' ? [dx, dy] : key === 'ArrowLeft' ? [-dx, dy] : key === 'ArrowDown' ? [dy, dx] : [-dy, dx];
    if (forward <= 0) continue;
    const score = forward + ORTHOGONAL_WEIGHT * Math.abs(sideways);
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}

/** Entering a neighbouring deck: the seat nearest in row on the edge we come in from. */
function enterDeck(from: PlacedSeat, deckSeats: readonly PlacedSeat[], fromLeft: boolean): PlacedSeat | null {
  const y = centre(from).y;
  let best: PlacedSeat | null = null;
  for (const seat of deckSeats) {
    if (!best) {
      best = seat;
      continue;
    }
    const dy = Math.abs(centre(seat).y - y) - Math.abs(centre(best).y - y);
    const dx = fromLeft ? seat.col - best.col : best.col + best.colSpan - (seat.col + seat.colSpan);
    if (dy < 0 || (dy === 0 && dx < 0)) best = seat;
  }
  return best;
}

/** The seat an arrow (or Home/End) moves to from `fromName`; the same seat at a dead end. */
export function nextSeatName(index: SeatIndex, fromName: string, key: NavigationKey): string {
  const seats = [...index.values()];
  if (seats.length === 0) return fromName;
  if (key === 'Home') return seats[0].seat.name;
  if (key === 'End') return seats[seats.length - 1].seat.name;
  const from = index.get(fromName);
  if (!from) return seats[0].seat.name;

  const sameDeck = seats.filter((s) => s.deckIndex === from.deckIndex);
  const inDeck = nearestInDirection(from, sameDeck, key);
  if (inDeck) return inDeck.seat.name;

  if (key === 'ArrowRight' || key === 'ArrowLeft') {
    const step = key === 'ArrowRight' ? 1 : -1;
    const deckCount = Math.max(...seats.map((s) => s.deckIndex)) + 1;
    for (let d = from.deckIndex + step; d >= 0 && d < deckCount; d += step) {
      const next = enterDeck(
        from,
        seats.filter((s) => s.deckIndex === d),
        key === 'ArrowRight',
      );
      if (next) return next.seat.name;
    }
  }
  return fromName;
}
