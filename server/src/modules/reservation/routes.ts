import {
  CHANGE_BOARDING_POINT_PERMISSIONS,
  RESERVATION_PERMISSIONS,
  reservationApi,
  TICKET_OPERATION_PERMISSIONS,
} from '@agent-portal/contract';
import type { Principal } from '../../http/principal';
import type { RouteRegistrar } from '../../http/routes';
import { idempotencyKeyOf } from '../idempotency/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { SeatLockService } from '../seat-lock/service';
import type { BoardingPointService } from '../ticket-operation/boarding-point';
import type { TicketOperationService } from '../ticket-operation/service';
import type { ReservationCreateService } from './create-service';
import type { ReservationService } from './service';

export interface ReservationRouteServices {
  reservations: ReservationService;
  creating: ReservationCreateService;
  ticketOperations: TicketOperationService;
  boardingPoints: BoardingPointService;
  seatLocks: SeatLockService;
  pnrGuard: PnrPinGuard;
}

/** Any reservation or ticket-operation permission opens the lookups; each write checks its own. */
const LOOKUP = { anyOf: [...RESERVATION_PERMISSIONS, ...TICKET_OPERATION_PERMISSIONS] };

export function registerReservationRoutes(routes: RouteRegistrar, s: ReservationRouteServices): void {
  // Routes that take a PNR: PNR_RATE_LIMIT_PER_MINUTE requests per user (TOO_MANY_REQUESTS), on top of the guard's
  // wrong-PIN counters.
  const pnrRate = [({ principal }: { principal: Principal }) => s.pnrGuard.checkRate(principal)];
  routes.add(reservationApi.seatLock, {
    permission: { anyOf: ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_MIGRATE_TRIP'] },
    handler: ({ body, principal }) => s.seatLocks.lock(principal, body),
  });
  routes.add(reservationApi.validateTripMigration, {
    permission: { allOf: ['AGENT_MIGRATE_TRIP'] },
    guards: pnrRate,
    handler: ({ body, principal }) => s.reservations.quoteMigration(principal, body),
  });
  // Permission per kind (sell, book, open, migrate) is checked by the service.
  routes.add(reservationApi.createReservation, {
    company: ({ body }) => body.companyId,
    handler: ({ body, principal, req }) => s.creating.create(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(reservationApi.resendPin, {
    permission: LOOKUP,
    guards: pnrRate,
    handler: ({ body, principal }) => s.reservations.resendPin(principal, body.pnr),
  });
  routes.add(reservationApi.byPnrAndPin, {
    permission: LOOKUP,
    guards: pnrRate,
    handler: ({ body, principal }) => s.reservations.byPnrAndPin(principal, body.pnr, body.pin),
  });
  // Permission per action and status is the action table's (domain/ticket-actions).
  routes.add(reservationApi.ticketOperation, {
    guards: pnrRate,
    handler: ({ body, principal, req }) => s.ticketOperations.operate(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(reservationApi.boardingListByPnr, {
    permission: LOOKUP,
    guards: pnrRate,
    handler: ({ body, principal }) => s.reservations.boardingList(principal, body.pnr),
  });
  // The permission that cancels the reservation's status (sold or booked), checked per status by the service.
  routes.add(reservationApi.changeBoardingPoint, {
    permission: { anyOf: [...new Set(Object.values(CHANGE_BOARDING_POINT_PERMISSIONS))] },
    guards: pnrRate,
    handler: ({ body, principal, req }) => s.boardingPoints.change(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(reservationApi.delayedCancelApproval, {
    permission: { allOf: ['AGENT_CANCEL_RESERVATION'] },
    guards: pnrRate,
    handler: ({ body, principal }) => s.ticketOperations.delayedCancel(principal, body),
  });
  routes.add(reservationApi.checkDiscountCoupon, {
    permission: { anyOf: ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_SELL_OPEN_TICKET'] },
    handler: ({ body, principal }) => s.reservations.checkCoupon(principal, body),
  });
  routes.add(reservationApi.history, {
    permission: LOOKUP,
    guards: pnrRate,
    handler: ({ body, principal }) => s.reservations.history(principal, body.pnr),
  });
  routes.add(reservationApi.recent, {
    permission: LOOKUP,
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => s.reservations.recent(principal, params.companyId, params.limit),
  });
  routes.add(reservationApi.printable, {
    permission: { allOf: ['AGENT_PRINT_TICKET'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.reservations.printable(principal, body.companyId, body.pnrs),
  });
  routes.add(reservationApi.savePrintAction, {
    permission: LOOKUP,
    handler: ({ params, principal }) => s.reservations.savePrint(principal, params.pnr, params.printType),
  });
}
