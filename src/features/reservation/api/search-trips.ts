import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tripApi, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useLiveTripList } from '../../../lib/live/use-live-trip';
import { reservationKeys } from './keys';

export type RouteSearch = { by: 'route' } & RequestBody<typeof tripApi.searchByRoute>;
export type CodeSearch = { by: 'code' } & RequestBody<typeof tripApi.searchByCode>;
export type TripSearch = RouteSearch | CodeSearch;

export function searchTrips(search: TripSearch) {
  if (search.by === 'code') {
    const { by: _by, ...body } = search;
    return callApi(tripApi.searchByCode, { body });
  }
  const { by: _by, ...body } = search;
  return callApi(tripApi.searchByRoute, { body });
}

/** Trips of the last submitted search; seat counts go stale fast at a busy counter: the live stream refreshes them. */
export function useTripSearch(search: TripSearch | null) {
  const queryKey = reservationKeys.trips(search ?? {});
  const query = useQuery({
    queryKey,
    queryFn: () => searchTrips(search as TripSearch),
    enabled: search !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
  useLiveTripList(queryKey, search ? query.data : undefined);
  return query;
}
