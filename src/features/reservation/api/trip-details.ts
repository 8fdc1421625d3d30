import { useQuery } from '@tanstack/react-query';
import { tripApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { reservationKeys } from './keys';

export interface Segment {
  tripId: number;
  originStationId: number;
  destinationStationId: number;
}

export const fetchTripDetails = (segment: Segment) => callApi(tripApi.details, { body: segment });

/** The seat map and stops of the chosen segment. Refetched on demand (refresh, failed lock), not on focus. */
export function useTripDetails(segment: Segment | null) {
  return useQuery({
    queryKey: segment
      ? reservationKeys.tripDetails(segment.tripId, segment.originStationId, segment.destinationStationId)
      : ['reservation', 'trip-details', 'none'],
    queryFn: () => fetchTripDetails(segment as Segment),
    enabled: segment !== null,
    staleTime: 10_000,
    refetchOnWindowFocus: false,
  });
}
