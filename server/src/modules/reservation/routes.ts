import { RESERVATION_PERMISSIONS, reservationApi, TICKET_OPERATION_PERMISSIONS } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import { idempotencyKeyOf } from '../idempotency/service';
import { pnrRate } from '../pnr-guard/route-guard';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { ReservationCreateService } from './create-service';
import type { ReservationService } from './service';

export interface ReservationRouteServices {
  reservations: ReservationService;
  creating: ReservationCreateService;
  pnrGuard: PnrPinGuard;
}

/** Any reservation or ticket-operation permission opens the lookups; each write checks its own. */
const LOOKUP = { anyOf: [...RESERVATION_PERMISSIONS, ...TICKET_OPERATION_PERMISSIONS] };

export function registerReservationRoutes(routes: RouteRegistrar, s: ReservationRouteServices): void {
  // Routes that take a PNR (the seat lock, the ticket operations and the boarding point are their modules' routes).
  const guards = pnrRate(s.pnrGuard);
  routes.add(reservationApi.validateTripMigration, {
    permission: { allOf: ['AGENT_MIGRATE_TRIP'] },
    guards,
    handler: ({ body, principal }) => s.reservations.quoteMigration(principal, body),
  });
  // Permission per kind (sell, book, open, migrate) is checked by the service.
  routes.add(reservationApi.createReservation, {
    company: ({ body }) => body.companyId,
    handler: ({ body, principal, req }) => s.creating.create(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(reservationApi.resendPin, {
    permission: LOOKUP,
    guards,
    handler: ({ body, principal }) => s.reservations.resendPin(principal, body.pnr),
  });
  routes.add(reservationApi.byPnrAndPin, {
    permission: LOOKUP,
    guards,
    handler: ({ body, principal }) => s.reservations.byPnrAndPin(principal, body.pnr, body.pin),
  });
  routes.add(reservationApi.boardingListByPnr, {
    permission: LOOKUP,
    guards,
    handler: ({ body, principal }) => s.reservations.boardingList(principal, body.pnr),
  });
  routes.add(reservationApi.checkDiscountCoupon, {
    permission: { anyOf: ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_SELL_OPEN_TICKET'] },
    handler: ({ body, principal }) => s.reservations.checkCoupon(principal, body),
  });
  routes.add(reservationApi.history, {
    permission: LOOKUP,
    guards,
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
