import { passengerApi, RESERVATION_PERMISSIONS } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { PassengerService } from './service';

export function registerPassengerRoutes(routes: RouteRegistrar, passengers: PassengerService): void {
  routes.add(passengerApi.find, {
    company: ({ body }) => body.companyId,
    permission: { anyOf: RESERVATION_PERMISSIONS },
    handler: ({ body, principal }) => passengers.find(principal, body.companyId, body.phone),
  });
  routes.add(passengerApi.list, {
    permission: { allOf: ['AGENT_VIEW_PASSENGER'] },
    handler: ({ body, principal }) => passengers.manifest(principal, body.tripId),
  });
}
