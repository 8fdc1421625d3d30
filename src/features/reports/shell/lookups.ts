import { useQuery } from '@tanstack/react-query';
import { lookupApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useProfile } from '../../../lib/queries/profile';

/** The agent's assigned routes of the company (the lookup the reservation search uses). */
export function useAgentRoutes(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'agentRoutes', companyId],
    queryFn: ({ signal }) => callApi(lookupApi.agentRoutes, { params: { id: companyId }, signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/**
 * The outlets the outlet picker offers: the agent's outlets under the company
 * (lookup agentOutlets, the ones outletSalesByDateRange accepts), cached like
 * the other lookups. Until they arrive the user's own outlet (the picker's
 * default, from the profile) stands alone, so the field never shows a bare id.
 */
export function useOutlets(
  companyId: number,
  enabled: boolean,
): { outlets: { id: number; name: string }[]; loading: boolean } {
  const own = useProfile().data?.outlet;
  const query = useQuery({
    queryKey: ['reports', 'agentOutlets', companyId],
    queryFn: ({ signal }) => callApi(lookupApi.agentOutlets, { params: { id: companyId }, signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
  const outlets = query.data ?? (own ? [{ id: own.id, name: own.name }] : []);
  return { outlets, loading: query.isLoading };
}
