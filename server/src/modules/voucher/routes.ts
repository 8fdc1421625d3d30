import { voucherApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { VoucherService } from './service';

/** getVoucherNo / createVoucher check the permission of the voucher's kind in the service. */
const VOUCHER_ANY = {
  anyOf: ['AGENT_DEPOSIT_REQUEST', 'AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE'],
} as const;

export function registerVoucherRoutes(routes: RouteRegistrar, vouchers: VoucherService): void {
  routes.add(voucherApi.getVoucherNo, {
    permission: VOUCHER_ANY,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => vouchers.nextNo(principal, body.companyId, body.kind),
  });
  routes.add(voucherApi.createVoucher, {
    permission: VOUCHER_ANY,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => vouchers.create(principal, body),
  });
}
