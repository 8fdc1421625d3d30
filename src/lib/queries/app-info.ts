import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAppInfo } from '../bridge';

/** The desktop shell's version and a downloaded update; null in a browser. Checked again every 30 minutes. */
export const appInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['bridge', 'app-info'],
    queryFn: getAppInfo,
    staleTime: 30 * 60_000,
    refetchInterval: 30 * 60_000,
    retry: false,
  });

export const useAppInfo = () => useQuery(appInfoQueryOptions());
