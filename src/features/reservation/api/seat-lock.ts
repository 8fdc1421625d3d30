import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import type { Segment } from './trip-details';

/**
 * Locks (or renews) and releases seats of a segment. Silent: the caller says
 * what went wrong next to the seat and refreshes the map.
 */
export const seatLock = (segment: Segment, change: { lock?: string[]; release?: string[] }) =>
  callApi(reservationApi.seatLock, { body: { ...segment, lock: change.lock ?? [], release: change.release ?? [] }, silent: true });
