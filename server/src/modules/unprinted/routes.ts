import { unprintedApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { UnprintedService } from './service';

export function registerUnprintedRoutes(routes: RouteRegistrar, unprinted: UnprintedService): void {
  routes.add(unprintedApi.list, {
    permission: { allOf: ['AGENT_PRINT_TICKET'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => unprinted.list(principal, body),
  });
}
