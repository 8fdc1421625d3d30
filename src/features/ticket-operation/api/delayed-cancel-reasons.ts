import { useQuery } from '@tanstack/react-query';
import { lookupApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { ticketKeys } from './keys';

export function useDelayedCancelReasons(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.delayedCancelReasons,
    queryFn: () => callApi(lookupApi.delayedCancelReasons),
    enabled,
    staleTime: 30 * 60_000,
  });
}
