import { accountApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { CommissionRecordsService } from './records';

export function registerCommissionRoutes(routes: RouteRegistrar, commissions: CommissionRecordsService): void {
  routes.add(accountApi.commissionList, {
    permission: { allOf: ['AGENT_VIEW_COMMISSIONS'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => commissions.list(principal, body),
  });
}
