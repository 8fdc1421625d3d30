import type { Permission } from '@agent-portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { Principal } from './principal';

export type PermissionRule = { anyOf: readonly Permission[] } | { allOf: readonly Permission[] };

/** True when the principal satisfies the rule (anyOf: at least one; allOf: every one). */
export function hasPermission(principal: Principal, rule: PermissionRule): boolean {
  if ('anyOf' in rule) return rule.anyOf.length === 0 || rule.anyOf.some((p) => principal.permissions.has(p));
  return rule.allOf.every((p) => principal.permissions.has(p));
}

export function assertPermission(principal: Principal, rule: PermissionRule): void {
  if (!hasPermission(principal, rule)) {
    const needed = 'anyOf' in rule ? { anyOf: rule.anyOf } : { allOf: rule.allOf };
    throw new AppError('PERMISSION_DENIED', { required: needed });
  }
}

/** A company-scoped call must name one of the caller's companies. */
export function assertCompany(principal: Principal, companyId: number): void {
  if (!principal.companyIds.includes(companyId)) throw new AppError('COMPANY_NOT_ALLOWED', { companyId });
}

function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('INVALID_SESSION');
  return req.principal;
}

/**
 * A Fastify preHandler for routes registered by hand (routes from the
 * contract take `permission` in their options instead):
 *   preHandler: [requirePermission({ anyOf: ['AGENT_VIEW_TRANSACTIONS'] })]
 * It needs a session resolved first (INVALID_SESSION otherwise).
 */
export function requirePermission(rule: PermissionRule): (req: FastifyRequest) => Promise<void> {
  return async (req) => assertPermission(principalOf(req), rule);
}

/** A preHandler that checks the company a request names is one of the caller's. */
export function requireCompany(companyOf: (req: FastifyRequest) => number): (req: FastifyRequest) => Promise<void> {
  return async (req) => assertCompany(principalOf(req), companyOf(req));
}
