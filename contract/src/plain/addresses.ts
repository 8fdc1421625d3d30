/**
 * Where each call of the API lives: method, path and who may call it (and
 * whether it answers a file), per API table, with no schema. The schema'd
 * tables (api*.ts) spread these entries, so an address exists once; the
 * portal's sign-in route and anything else that must not load zod calls
 * them through '@agent-portal/contract/plain'. One file per api*.ts file,
 * so a bundle that needs only some tables carries only their file.
 */
import type { EndpointAddress } from './address';

/** Addresses of authApi (api.ts). */
export const authAddresses = {
  login: { method: 'POST', path: '/api/login', auth: 'public' },
  logout: { method: 'POST', path: '/api/logout', auth: 'session' },
  sendOtp: { method: 'POST', path: '/api/sendOtp', auth: 'public' },
  verifyOtp: { method: 'POST', path: '/api/verifyOtp', auth: 'public' },
  resetPassword: { method: 'POST', path: '/api/resetPassword', auth: 'public' },
  changePassword: { method: 'POST', path: '/api/changePassword', auth: 'session' },
  profile: { method: 'GET', path: '/api/profile/:companyId', auth: 'session' },
  account: { method: 'GET', path: '/api/account/:companyId', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of lookupApi (api.ts). */
export const lookupAddresses = {
  countries: { method: 'GET', path: '/api/lookup/country', auth: 'session' },
  companies: { method: 'GET', path: '/api/lookup/company', auth: 'session' },
  cities: { method: 'GET', path: '/api/lookup/city', auth: 'session' },
  agentCities: { method: 'GET', path: '/api/lookup/agentCity/:id', auth: 'session' },
  agentRoutes: { method: 'GET', path: '/api/lookup/agentRoute/:id', auth: 'session' },
  coachTypes: { method: 'GET', path: '/api/lookup/coachTypes/:id', auth: 'session' },
  agentOutlets: { method: 'GET', path: '/api/lookup/agentOutlets/:id', auth: 'session' },
  delayedCancelReasons: { method: 'GET', path: '/api/lookup/delayedCancelReasonList', auth: 'session' },
  busStations: { method: 'POST', path: '/api/lookup/busStation', auth: 'session' },
  routes: { method: 'POST', path: '/api/lookup/route', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of deviceApi (api.ts). */
export const deviceAddresses = {
  register: { method: 'POST', path: '/api/mobileDevices/register', auth: 'public' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of systemApi (api.ts). */
export const systemAddresses = {
  health: { method: 'GET', path: '/api/health', auth: 'public' },
  ready: { method: 'GET', path: '/api/ready', auth: 'public' },
  // This server's extension (not in the specification): a portal that meets 404 here falls back to SALES_RESTRICTED.
  maintenance: { method: 'GET', path: '/api/maintenance', auth: 'public' },
} as const satisfies Record<string, EndpointAddress>;
