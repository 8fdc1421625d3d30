import { useQuery } from '@tanstack/react-query';
import { passengerApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { reservationKeys } from './keys';

/** A passenger the agent sold to in this company, by phone; silent, since an unknown phone is the normal case. */
export const findPassenger = (companyId: number, phone: string) =>
  callApi(passengerApi.find, { body: { companyId, phone }, silent: true });

/** The trip's manifest (boarding chart); only asked when the agent may see it. */
export function useManifest(tripId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: reservationKeys.manifest(tripId ?? 0),
    queryFn: () => callApi(passengerApi.list, { body: { tripId: tripId ?? 0 } }),
    enabled: enabled && tripId !== null,
    staleTime: 15_000,
  });
}
