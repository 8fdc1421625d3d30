/** The addresses of api-account.ts's table (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of accountApi (api-account.ts). */
export const accountAddresses = {
  deposit: { method: 'POST', path: '/api/account/deposit', auth: 'session' },
  depositList: { method: 'POST', path: '/api/account/depositList', auth: 'session' },
  searchTransactions: { method: 'POST', path: '/api/account/searchTransactions', auth: 'session' },
  commissionList: { method: 'POST', path: '/api/account/commissionList', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
