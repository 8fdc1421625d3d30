/**
 * Asks GET /api/maintenance every few seconds while the window is visible
 * (TanStack Query pauses the interval for a hidden window and asks again when
 * it shows), so the banner comes and goes within seconds of the operator's
 * `maintenance on|off`, without a click. GET /api/maintenance is this
 * server's extension: a server that answers 404 offers only the
 * specification's API, and the poll stops for good (the banner then follows
 * SALES_RESTRICTED refusals: maintenance-store).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../api/call-api';
import { ApiError } from '../api/api-error';
import { systemAddresses } from '../contract';
import { useLiveStore } from '../live/live-store';
import { showServerStatus } from './maintenance-store';

/** A few seconds: the server itself rereads the switch at most every 2 s. */
export const MAINTENANCE_POLL_MS = 4000;

type Answer = { on: boolean; message?: string; messageBn?: string } | 'unsupported';

async function fetchStatus(): Promise<Answer> {
  try {
    return await callApi(systemAddresses.maintenance, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'unsupported';
    throw error;
  }
}

export function useMaintenancePoll(): void {
  // The live stream says it at once while it flows (lib/live): the poll waits meanwhile.
  const live = useLiveStore((s) => s.mode === 'live');
  const { data } = useQuery({
    queryKey: ['maintenance-status'],
    queryFn: fetchStatus,
    refetchInterval: (query) => (live || query.state.data === 'unsupported' ? false : MAINTENANCE_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // A failed poll (offline, a restart) is simply asked again at the next interval.
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (data && data !== 'unsupported') showServerStatus(data);
  }, [data]);
}
