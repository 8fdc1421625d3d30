/** The addresses of api-records.ts's tables (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of accountApi (api-records.ts). */
export const accountAddresses = {
  deposit: { method: 'POST', path: '/api/account/deposit', auth: 'session' },
  depositList: { method: 'POST', path: '/api/account/depositList', auth: 'session' },
  searchTransactions: { method: 'POST', path: '/api/account/searchTransactions', auth: 'session' },
  commissionList: { method: 'POST', path: '/api/account/commissionList', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of extraWeightApi (api-records.ts). */
export const extraWeightAddresses = {
  charge: { method: 'POST', path: '/api/extraWeightCharge', auth: 'session' },
  cancel: { method: 'POST', path: '/api/extraWeightCharge/cancel', auth: 'session' },
  find: { method: 'POST', path: '/api/extraWeightCharge/find', auth: 'session' },
  list: { method: 'POST', path: '/api/extraWeightCharge/list', auth: 'session' },
  savePrintAction: { method: 'POST', path: '/api/extraWeightCharge/savePrintAction', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of unprintedApi (api-records.ts). */
export const unprintedAddresses = {
  list: { method: 'POST', path: '/api/reservation/unprinted', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of voucherApi (api-records.ts). */
export const voucherAddresses = {
  getVoucherNo: { method: 'POST', path: '/api/getVoucherNo', auth: 'session' },
  createVoucher: { method: 'POST', path: '/api/createVoucher', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
