/**
 * A reservation's boarding point is its origin stop on the trip. The server
 * (POST /api/reservation/changeBoardingPoint) moves it only to a stop strictly
 * after the current one and before the destination, for a sold or booked
 * ticket, with the permission that cancels that status, while the coach has
 * not left the current boarding point, and not to a stop the agent may not
 * sell from (the profile's barred origins); the fare is kept. The screen
 * offers exactly that, so it never shows a choice the server would refuse.
 */
import {
  CHANGE_BOARDING_POINT_PERMISSIONS,
  reservationApi,
  type Reservation,
  type ResponseBody,
} from '@agent-portal/contract';
import type { Granted } from '../../lib/access';

export type BoardingPoint = ResponseBody<typeof reservationApi.boardingListByPnr>[number];

/** The stop of the list the reservation boards at now, if the list has it. */
export function currentBoardingPoint(
  list: readonly BoardingPoint[] | undefined,
  r: Pick<Reservation, 'origin'>,
): BoardingPoint | undefined {
  return list?.find((s) => s.stationId === r.origin.stationId);
}

/**
 * The stops after the current boarding point and before the destination (the
 * list ends before the trip's last stop), without the ones in `barred`.
 */
export function laterBoardingPoints(
  list: readonly BoardingPoint[] | undefined,
  r: Pick<Reservation, 'origin' | 'destination'>,
  barred: readonly number[] = [],
): BoardingPoint[] {
  if (!list) return [];
  const from = list.findIndex((s) => s.stationId === r.origin.stationId);
  if (from < 0) return [];
  const to = list.findIndex((s) => s.stationId === r.destination.stationId);
  return list.slice(from + 1, to < 0 ? list.length : to).filter((s) => !barred.includes(s.stationId));
}

/** Whether the agent may move this ticket's boarding point now (status, permission, coach not yet gone). */
export function mayChangeBoarding(
  r: Pick<Reservation, 'status' | 'boardingTime' | 'tripId'>,
  granted: Granted,
  now: Date,
): boolean {
  const needed = CHANGE_BOARDING_POINT_PERMISSIONS[r.status];
  if (!needed || !granted.has(needed) || r.tripId === null || !r.boardingTime) return false;
  return new Date(r.boardingTime).getTime() > now.getTime();
}
