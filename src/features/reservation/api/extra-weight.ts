import { useQuery } from '@tanstack/react-query';
import { extraWeightApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { reservationKeys } from './keys';

/** The extra weight charged on the trip's reservations (read-only here; charging is its own screen). */
export function useTripExtraWeight(companyId: number, tripId: number) {
  return useQuery({
    queryKey: reservationKeys.extraWeight(companyId, tripId),
    queryFn: () => callApi(extraWeightApi.list, { body: { companyId, tripId, page: 1, pageSize: 100 } }),
    staleTime: 15_000,
  });
}
