import { useQuery } from '@tanstack/react-query';
import { tripApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useLivePolling, useLiveTripDetails } from '../../../lib/live/use-live-trip';
import { reservationKeys } from './keys';

export interface Segment {
  tripId: number;
  originStationId: number;
  destinationStationId: number;
}

export const fetchTripDetails = (segment: Segment) => callApi(tripApi.details, { body: segment });

/**
 * The seat map and stops of the chosen segment. Other counters' changes come on the live stream (lib/live); without
 * it the map is read again every few seconds while the window is visible. Also refetched on demand (refresh, a
 * refused lock).
 */
export function useTripDetails(segment: Segment | null) {
  const polling = useLivePolling();
  const queryKey = segment
    ? reservationKeys.tripDetails(segment.tripId, segment.originStationId, segment.destinationStationId)
    : (['reservation', 'trip-details', 'none'] as const);
  const query = useQuery({
    queryKey,
    queryFn: () => fetchTripDetails(segment as Segment),
    enabled: segment !== null,
    staleTime: 10_000,
    ...polling,
  });
  useLiveTripDetails(segment?.tripId ?? null, queryKey, query.data);
  return query;
}
