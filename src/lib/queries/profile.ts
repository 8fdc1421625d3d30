import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCalls as authApi } from '../contract';
import { useSessionStore } from '../../stores/session-store';
import { callApi } from '../api/call-api';
import { setCompanyTime } from '../format/company-time';
import { sessionKeys } from './keys';
import { sessionRetry } from './session-retry';

/** The profile; its time zone and server time set the company's clock (lib/format) as it arrives. */
export async function fetchProfile(companyId: number, token?: string) {
  const profile = await callApi(authApi.profile, { params: { companyId }, token, silent: true });
  setCompanyTime(profile);
  return profile;
}

export const profileQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: sessionKeys.profile(companyId),
    queryFn: () => fetchProfile(companyId),
    staleTime: 5 * 60_000,
    ...sessionRetry,
  });

/** The signed-in user under the current company (undefined while signed out or loading). */
export function useProfile() {
  const token = useSessionStore((s) => s.token);
  const companyId = useSessionStore((s) => s.companyId);
  return useQuery({ ...profileQueryOptions(companyId ?? 0), enabled: token !== null && companyId !== null });
}
