import { RESERVATION_PERMISSIONS, tripApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { TripService } from './service';

export function registerTripRoutes(routes: RouteRegistrar, trips: TripService): void {
  const permission = { anyOf: RESERVATION_PERMISSIONS };
  routes.add(tripApi.searchByRoute, {
    permission,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => trips.searchByRoute(principal, body),
  });
  routes.add(tripApi.searchByCode, {
    permission,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => trips.searchByCode(principal, body),
  });
  routes.add(tripApi.details, { permission, handler: ({ body, principal }) => trips.details(principal, body) });
}
