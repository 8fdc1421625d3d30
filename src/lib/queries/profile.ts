import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCalls as authApi } from '../contract';
import { useSessionStore } from '../../stores/session-store';
import { callApi } from '../api/call-api';
import { sessionKeys } from './keys';

export function fetchProfile(companyId: number, token?: string) {
  return callApi(authApi.profile, { params: { companyId }, token, silent: true });
}

export const profileQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: sessionKeys.profile(companyId), queryFn: () => fetchProfile(companyId), staleTime: 5 * 60_000 });

/** The signed-in user under the current company (undefined while signed out or loading). */
export function useProfile() {
  const token = useSessionStore((s) => s.token);
  const companyId = useSessionStore((s) => s.companyId);
  return useQuery({ ...profileQueryOptions(companyId ?? 0), enabled: token !== null && companyId !== null });
}
