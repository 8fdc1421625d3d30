/**
 * The zod-free part of the contract the portal needs at start-up.
 *
 * Why: '@agent-portal/contract' builds every zod schema when it loads, which
 * would put zod (and every API shape) into the sign-in route's first load
 * (budget 250 KB gzip). Modules on that path take their runtime values from
 * '@agent-portal/contract/plain' (through here); everything else may import
 * the full contract. callApi types a plain address's call from the
 * contract's schemas (EndpointAt) without loading them.
 */
export * from '@agent-portal/contract/plain';

/** The addresses of the sign-in and session calls, and of the look-ups. */
export { authAddresses as authCalls, lookupAddresses as lookupCalls } from '@agent-portal/contract/plain';
