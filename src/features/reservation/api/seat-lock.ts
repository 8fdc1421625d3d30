import { reservationApi } from '@agent-portal/contract';
import { apiBaseUrl } from '../../../lib/api/api-config';
import { callApi } from '../../../lib/api/call-api';
import { useSessionStore } from '../../../stores/session-store';
import type { Segment } from './trip-details';

/**
 * Locks (or renews) and releases seats of a segment. Silent: a best-effort
 * release fails quietly; a refused lock or renewal is toasted by the caller
 * (notifyApiError), which also refreshes the map.
 */
export const seatLock = (segment: Segment, change: { lock?: string[]; release?: string[] }) =>
  callApi(reservationApi.seatLock, {
    body: { ...segment, lock: change.lock ?? [], release: change.release ?? [] },
    silent: true,
  });

/**
 * Lets seats go while the page is going away (closed tab, reload): a
 * keepalive fetch outlives the page where an XHR would be cancelled. Best
 * effort; a lock that is not released lapses by itself in 5 minutes.
 */
export function releaseOnUnload(segment: Segment, seats: readonly string[]): void {
  const token = useSessionStore.getState().token;
  if (!token || seats.length === 0) return;
  void fetch(`${apiBaseUrl()}${reservationApi.seatLock.path}`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...segment, lock: [], release: seats }),
  }).catch(() => undefined);
}
