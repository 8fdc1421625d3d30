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
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
