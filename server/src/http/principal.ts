import type { Permission } from '@agent-portal/contract';

/** Who is calling: resolved from the session on every authenticated request. */
export interface Principal {
  sessionId: number;
  userId: number;
  username: string;
  agentId: number;
  outletId: number | null;
  companyIds: readonly number[];
  permissions: ReadonlySet<Permission>;
  /**
   * The password expired while the session was open: only the routes marked allowExpiredPassword
   * (changePassword, logout) answer; every other one is PASSWORD_EXPIRED (http/routes.ts).
   */
  passwordExpired?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
