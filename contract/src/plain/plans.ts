/**
 * Plan codes: PREPAID shows a balance in the account chip, any other plan a
 * bill. An agency server may define plans of its own, so any non-empty code
 * is accepted; the portal names the known ones in its own languages and
 * shows the server's display name for the rest.
 */
export const PREPAID_PLAN = 'PREPAID';
export const KNOWN_PLAN_NAMES = ['PREPAID', 'POSTPAID'] as const;
export type KnownPlanName = (typeof KNOWN_PLAN_NAMES)[number];
