import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupCalls as lookupApi } from '../contract';
import { callApi } from '../api/call-api';
import { sessionKeys } from './keys';
import { sessionRetry } from './session-retry';

export function fetchCompanies(token?: string) {
  return callApi(lookupApi.companies, { token, silent: true });
}

export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.companies,
    queryFn: () => fetchCompanies(),
    staleTime: Infinity,
    ...sessionRetry,
  });

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
