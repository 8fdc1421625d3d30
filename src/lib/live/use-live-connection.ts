/**
 * Keeps this window's one live stream open while a session is: started by the portal's layout (every signed-in
 * screen), stopped at sign-out. The subscriptions follow the trips the screens watch.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../stores/session-store';
import { apiBaseUrl } from '../api/api-config';
import { ApiError } from '../api/api-error';
import { callApi } from '../api/call-api';
import { liveCalls } from './addresses';
import { forgetOwnSignOut, forgetVersions, handleLiveEvent, refetchWatched } from './live-cache';
import { LiveClient } from './live-client';
import { useLiveStore } from './live-store';
import type { DiscoveryAnswer } from './transport';
import { onWatchesChanged, watchedTripIds } from './watches';

async function discover(): Promise<DiscoveryAnswer> {
  try {
    return { ok: true, body: await callApi(liveCalls.live, { silent: true }) };
  } catch (error) {
    return { ok: false, status: error instanceof ApiError ? error.status : null };
  }
}

const subscribe = async (streamId: string, tripIds: number[]) => {
  await callApi(liveCalls.trips, { params: { streamId }, body: { tripIds }, silent: true });
};

export function useLiveConnection(): void {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  useEffect(() => {
    if (!token) return undefined;
    forgetOwnSignOut();
    const live = new LiveClient({
      baseUrl: apiBaseUrl,
      token: () => useSessionStore.getState().token,
      discover,
      subscribe,
      onEvent: (event) => handleLiveEvent(client, event),
      onConnected: () => {
        // Everything shown is read again: the versions start afresh from what comes next.
        forgetVersions();
        refetchWatched(client);
        // The banner and the balance are not polled while the stream is open: read them again too.
        void client.invalidateQueries({ queryKey: ['maintenance-status'] });
      },
      onSubscribed: (added) => refetchWatched(client, added),
      onMode: (mode, pollMs) => useLiveStore.setState({ mode, ...(pollMs ? { pollMs } : {}) }),
    });
    live.setTrips(watchedTripIds());
    const unwatch = onWatchesChanged(() => live.setTrips(watchedTripIds()));
    live.start();
    return () => {
      unwatch();
      live.stop();
      forgetVersions();
      useLiveStore.setState({ mode: 'poll' });
    };
  }, [client, token]);
}
