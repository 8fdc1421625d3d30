import { accountApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { TransactionService } from './service';

export function registerTransactionRoutes(routes: RouteRegistrar, transactions: TransactionService): void {
  routes.add(accountApi.searchTransactions, {
    permission: { allOf: ['AGENT_VIEW_TRANSACTIONS'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => transactions.search(principal, body),
  });
}
