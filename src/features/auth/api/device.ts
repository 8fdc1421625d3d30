import { queryOptions, useQuery } from '@tanstack/react-query';
import { canRememberSession, getDeviceInfo } from '../../../lib/bridge';

/** What the desktop shell knows about this device; null in a browser. */
export const deviceInfoQueryOptions = () =>
  queryOptions({ queryKey: ['bridge', 'device-info'], queryFn: getDeviceInfo, staleTime: 60_000, retry: false });

export const useDeviceInfo = () => useQuery(deviceInfoQueryOptions());

export const useCanRememberSession = () =>
  useQuery({ queryKey: ['bridge', 'can-remember'], queryFn: canRememberSession, staleTime: Infinity, retry: false });
