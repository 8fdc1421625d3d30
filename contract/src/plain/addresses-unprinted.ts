/** The addresses of api-unprinted.ts's table (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of unprintedApi (api-unprinted.ts). */
export const unprintedAddresses = {
  list: { method: 'POST', path: '/api/reservation/unprinted', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
