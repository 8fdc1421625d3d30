/**
 * What a screen that shows a trip asks of the live updates: while the stream flows, the events keep its queries
 * current; otherwise (a server without the stream, a stream that cannot be kept) the open trip's details are polled
 * every few seconds, only while the window is visible, and read again at once when it shows again.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { newestVersionSeen } from './live-cache';
import { useLiveStore } from './live-store';
import type { LiveTripDetails } from './trip-events';
import { addWatch } from './watches';

/** The polling options of the open trip's details query (TanStack pauses the interval while the window is hidden). */
export function useLivePolling() {
  const mode = useLiveStore((s) => s.mode);
  const pollMs = useLiveStore((s) => s.pollMs);
  return mode === 'live'
    ? ({ refetchInterval: false, refetchOnWindowFocus: false } as const)
    : ({ refetchInterval: pollMs, refetchIntervalInBackground: false, refetchOnWindowFocus: 'always' } as const);
}

/** Keys change identity on every render; their content is what counts. */
function useStableKey(queryKey: QueryKey): QueryKey {
  const id = JSON.stringify(queryKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => queryKey, [id]);
}

/** The open trip's details: followed on the stream while mounted; a read older than an event seen is read again. */
export function useLiveTripDetails(tripId: number | null, queryKey: QueryKey, data: LiveTripDetails | undefined) {
  const client = useQueryClient();
  const key = useStableKey(queryKey);
  useEffect(() => (tripId === null ? undefined : addWatch({ kind: 'details', tripId, queryKey: key })), [tripId, key]);
  useEffect(() => {
    if (tripId === null || data?.liveVersion === undefined) return;
    const seen = newestVersionSeen(tripId);
    // The read may have started before an event this window has already seen: it could draw an older map.
    if (seen !== undefined && data.liveVersion < seen) void client.invalidateQueries({ queryKey: key, exact: true });
  }, [client, data, key, tripId]);
}

/** A trip list on screen: its free-seat counts are read again when an event touches one of its trips. */
export function useLiveTripList(queryKey: QueryKey, trips: readonly { tripId: number }[] | undefined) {
  const key = useStableKey(queryKey);
  const ids = (trips ?? []).map((trip) => trip.tripId).join(',');
  useEffect(() => {
    if (!ids) return undefined;
    return addWatch({ kind: 'list', tripIds: ids.split(',').map(Number), queryKey: key });
  }, [ids, key]);
}
