/** Query keys of the session-wide server state. The token is not part of them: sign-out clears the cache. */
export const sessionKeys = {
  companies: ['companies'] as const,
  profile: (companyId: number) => ['profile', companyId] as const,
  account: (companyId: number) => ['account', companyId] as const,
};
