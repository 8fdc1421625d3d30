/** The addresses of api-extra-weight.ts's table (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of extraWeightApi (api-extra-weight.ts). */
export const extraWeightAddresses = {
  charge: { method: 'POST', path: '/api/extraWeightCharge', auth: 'session' },
  cancel: { method: 'POST', path: '/api/extraWeightCharge/cancel', auth: 'session' },
  find: { method: 'POST', path: '/api/extraWeightCharge/find', auth: 'session' },
  list: { method: 'POST', path: '/api/extraWeightCharge/list', auth: 'session' },
  savePrintAction: { method: 'POST', path: '/api/extraWeightCharge/savePrintAction', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
