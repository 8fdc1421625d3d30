import { accountApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import { idempotencyKeyOf } from '../idempotency/service';
import type { DepositService } from './service';

export function registerDepositRoutes(routes: RouteRegistrar, deposits: DepositService): void {
  routes.add(accountApi.deposit, {
    permission: { allOf: ['AGENT_DEPOSIT_REQUEST'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal, req }) => deposits.request(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(accountApi.depositList, {
    permission: { allOf: ['AGENT_DEPOSIT_REQUEST'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => deposits.list(principal, body),
  });
}
