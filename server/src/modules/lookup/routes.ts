import { lookupApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { LookupService } from './service';

export function registerLookupRoutes(routes: RouteRegistrar, lookups: LookupService): void {
  routes.add(lookupApi.countries, { handler: () => lookups.countries() });
  routes.add(lookupApi.companies, { handler: ({ principal }) => lookups.companies(principal) });
  routes.add(lookupApi.cities, { handler: () => lookups.cities() });
  routes.add(lookupApi.delayedCancelReasons, { handler: () => lookups.delayedCancelReasons() });
  routes.add(lookupApi.agentCities, {
    company: ({ params }) => params.id,
    handler: ({ params, principal }) => lookups.agentCities(principal, params.id),
  });
  routes.add(lookupApi.agentRoutes, {
    company: ({ params }) => params.id,
    handler: ({ params, principal }) => lookups.agentRoutes(principal, params.id),
  });
  routes.add(lookupApi.coachTypes, {
    company: ({ params }) => params.id,
    handler: ({ params, principal }) => lookups.coachTypes(principal, params.id),
  });
  routes.add(lookupApi.agentOutlets, {
    company: ({ params }) => params.id,
    handler: ({ params, principal }) => lookups.agentOutlets(principal, params.id),
  });
  routes.add(lookupApi.busStations, {
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => lookups.busStations(principal, body.companyId, body.cityId),
  });
  routes.add(lookupApi.routes, {
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => lookups.routes(principal, body),
  });
}
