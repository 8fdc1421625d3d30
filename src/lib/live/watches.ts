/**
 * The server state this window shows that other counters change: the open trip's details (a query the seat map
 * draws) and the trip lists on screen. Screens register them while mounted (use-live-trip); the live client
 * subscribes to their trips and the events update or refetch them. No React and no feature here: query keys come
 * from the screens.
 */
import type { QueryKey } from '@tanstack/react-query';

export type Watch =
  | { kind: 'details'; tripId: number; queryKey: QueryKey }
  | { kind: 'list'; tripIds: readonly number[]; queryKey: QueryKey };

/** Trips one stream may follow (the server's limit per stream, LIVE_MAX_TRIPS_PER_STREAM; the open trip first). */
export const MAX_WATCHED_TRIPS = 20;

const watches = new Set<Watch>();
const listeners = new Set<() => void>();

export function addWatch(watch: Watch): () => void {
  watches.add(watch);
  listeners.forEach((listener) => listener());
  return () => {
    watches.delete(watch);
    listeners.forEach((listener) => listener());
  };
}

export function onWatchesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const allWatches = (): Watch[] => [...watches];

/** The open trips first, then the listed ones, each once, at most MAX_WATCHED_TRIPS. */
export function watchedTripIds(): number[] {
  const ids = new Set<number>();
  for (const watch of watches) if (watch.kind === 'details') ids.add(watch.tripId);
  for (const watch of watches) if (watch.kind === 'list') watch.tripIds.forEach((id) => ids.add(id));
  return [...ids].slice(0, MAX_WATCHED_TRIPS);
}
