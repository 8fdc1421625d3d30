import { reservationApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { SeatLockService } from './service';

/** The seat-lock call (its address is under /api/reservation/, its work this module's). */
export function registerSeatLockRoutes(routes: RouteRegistrar, seatLocks: SeatLockService): void {
  routes.add(reservationApi.seatLock, {
    permission: { anyOf: ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_MIGRATE_TRIP'] },
    handler: ({ body, principal }) => seatLocks.lock(principal, body),
  });
}
