/** The addresses of api-voucher.ts's table (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of voucherApi (api-voucher.ts). */
export const voucherAddresses = {
  getVoucherNo: { method: 'POST', path: '/api/getVoucherNo', auth: 'session' },
  createVoucher: { method: 'POST', path: '/api/createVoucher', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
