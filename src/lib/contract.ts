/**
 * The zod-free part of the contract the portal needs at start-up.
 *
 * Why: '@agent-portal/contract' builds every zod schema when it loads, which
 * would put zod (and every API shape) into the sign-in route's first load
 * (budget 250 KB gzip). Modules on that path take their runtime values from
 * here; everything else may import the full contract. Constants, the password
 * rule, buildPath and the permission lists come from contract files that
 * import no zod; the call addresses copied here are checked against the
 * contract at compile time (satisfies) and by contract.test.ts.
 * A zod-free entry of the contract package would make this file unnecessary.
 */
import type { authApi as AuthApi, Endpoint, lookupApi as LookupApi } from '@agent-portal/contract';

export * from '../../contract/src/constants';
export * from '../../contract/src/password';
export * from '../../contract/src/status-names';
export { buildPath } from '../../contract/src/endpoint';

export const PREPAID_PLAN = 'PREPAID';
/** The plans the portal names in its own languages (common: account.plans.*). */
export const KNOWN_PLAN_NAMES = ['PREPAID', 'POSTPAID'] as const;

export { RESERVATION_PERMISSIONS, TICKET_OPERATION_PERMISSIONS } from '../../contract/src/permissions';

type Address<T extends Record<string, Endpoint>> = { [K in keyof T]: Pick<T[K], 'method' | 'path' | 'auth'> };

/** Method and path of each call; a typo or a changed contract path fails the type check. */
const auth = {
  login: { method: 'POST', path: '/api/login', auth: 'public' },
  logout: { method: 'POST', path: '/api/logout', auth: 'session' },
  sendOtp: { method: 'POST', path: '/api/sendOtp', auth: 'public' },
  verifyOtp: { method: 'POST', path: '/api/verifyOtp', auth: 'public' },
  resetPassword: { method: 'POST', path: '/api/resetPassword', auth: 'public' },
  changePassword: { method: 'POST', path: '/api/changePassword', auth: 'session' },
  profile: { method: 'GET', path: '/api/profile/:companyId', auth: 'session' },
  account: { method: 'GET', path: '/api/account/:companyId', auth: 'session' },
} as const satisfies Address<typeof AuthApi>;

const lookup = {
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
} as const satisfies Address<typeof LookupApi>;

/**
 * Typed as the contract's entries, so callApi infers bodies, params and
 * answers from the zod schemas; at run time they carry only the address.
 */
export const authCalls = auth as unknown as typeof AuthApi;
export const lookupCalls = lookup as unknown as typeof LookupApi;
