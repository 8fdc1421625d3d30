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
 * The outlets the outlet picker offers. No call lists all of an agent's
 * outlets yet: the profile names the user's own outlet, so that is the one
 * offered (the server refuses another agent's outlet with BRANCH_NOT_FOUND).
 */
export function useOutlets(): { id: number; name: string }[] {
  const outlet = useProfile().data?.outlet;
  return outlet ? [{ id: outlet.id, name: outlet.name }] : [];
}
