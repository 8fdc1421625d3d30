import { authApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { AccountService } from './service';

export function registerAccountRoutes(routes: RouteRegistrar, accounts: AccountService): void {
  routes.add(authApi.account, {
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => accounts.account(principal.agentId, params.companyId),
  });
}
