import { accountApi, extraWeightApi, unprintedApi, voucherApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../http/routes';
import type { RecordsServices } from '../records-services';
import { idempotencyKeyOf } from './idempotency/service';

/** Reading a charge is open to whoever may see, sell or return one. */
const EXTRA_WEIGHT_ANY = { anyOf: ['AGENT_VIEW_EXTRA_WEIGHT_CHARGE', 'AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE'] } as const;
/** getVoucherNo / createVoucher check the permission of the voucher's kind in the service. */
const VOUCHER_ANY = { anyOf: ['AGENT_DEPOSIT_REQUEST', 'AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE'] } as const;

export function registerRecordsRoutes(routes: RouteRegistrar, s: RecordsServices): void {
  routes.add(accountApi.deposit, {
    permission: { allOf: ['AGENT_DEPOSIT_REQUEST'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal, req }) => s.deposits.request(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(accountApi.depositList, {
    permission: { allOf: ['AGENT_DEPOSIT_REQUEST'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.deposits.list(principal, body),
  });
  routes.add(accountApi.searchTransactions, {
    permission: { allOf: ['AGENT_VIEW_TRANSACTIONS'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.transactions.search(principal, body),
  });
  routes.add(accountApi.commissionList, {
    permission: { allOf: ['AGENT_VIEW_COMMISSIONS'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.commissionRecords.list(principal, body),
  });

  routes.add(extraWeightApi.charge, {
    permission: { allOf: ['AGENT_SELL_EXTRA_WEIGHT_CHARGE'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal, req }) => s.extraWeight.charge(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(extraWeightApi.cancel, {
    permission: { allOf: ['AGENT_RETURN_EXTRA_WEIGHT_CHARGE'] },
    handler: ({ body, principal, req }) => s.extraWeight.cancel(principal, body.pnr, idempotencyKeyOf(req.headers)),
  });
  routes.add(extraWeightApi.find, { permission: EXTRA_WEIGHT_ANY, handler: ({ body, principal }) => s.extraWeight.find(principal, body.pnr) });
  routes.add(extraWeightApi.list, {
    permission: EXTRA_WEIGHT_ANY,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.extraWeight.list(principal, body),
  });
  routes.add(extraWeightApi.savePrintAction, {
    permission: EXTRA_WEIGHT_ANY,
    handler: ({ body, principal }) => s.extraWeight.savePrint(principal, body.pnr, body.printType),
  });

  routes.add(unprintedApi.list, {
    permission: { allOf: ['AGENT_PRINT_TICKET'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.unprinted.list(principal, body),
  });

  routes.add(voucherApi.getVoucherNo, {
    permission: VOUCHER_ANY,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.vouchers.nextNo(principal, body.companyId, body.kind),
  });
  routes.add(voucherApi.createVoucher, {
    permission: VOUCHER_ANY,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => s.vouchers.create(principal, body),
  });
}
