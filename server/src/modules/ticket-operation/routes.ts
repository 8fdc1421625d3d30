import { CHANGE_BOARDING_POINT_PERMISSIONS, reservationApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import { idempotencyKeyOf } from '../idempotency/service';
import { pnrRate } from '../pnr-guard/route-guard';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { BoardingPointService } from './boarding-point';
import type { TicketOperationService } from './service';

export interface TicketOperationRouteServices {
  ticketOperations: TicketOperationService;
  boardingPoints: BoardingPointService;
  pnrGuard: PnrPinGuard;
}

/** What is done to a ticket already sold or booked: the operations, the boarding point, the delayed cancel. */
export function registerTicketOperationRoutes(routes: RouteRegistrar, s: TicketOperationRouteServices): void {
  const guards = pnrRate(s.pnrGuard);
  // Permission per action and status is the action table's (domain/ticket-actions).
  routes.add(reservationApi.ticketOperation, {
    guards,
    handler: ({ body, principal, req }) => s.ticketOperations.operate(principal, body, idempotencyKeyOf(req.headers)),
  });
  // The permission that cancels the reservation's status (sold or booked), checked per status by the service.
  routes.add(reservationApi.changeBoardingPoint, {
    permission: { anyOf: [...new Set(Object.values(CHANGE_BOARDING_POINT_PERMISSIONS))] },
    guards,
    handler: ({ body, principal, req }) => s.boardingPoints.change(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(reservationApi.delayedCancelApproval, {
    permission: { allOf: ['AGENT_CANCEL_RESERVATION'] },
    guards,
    handler: ({ body, principal }) => s.ticketOperations.delayedCancel(principal, body),
  });
}
