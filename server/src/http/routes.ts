import { apiErrorSchema, type Endpoint } from '@agent-portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';
import { assertCompany, assertPermission, type PermissionRule } from './guards';
import type { Principal } from './principal';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

export interface RouteContext<E extends Endpoint> extends RouteInput<E> {
  req: FastifyRequest;
  reply: FastifyReply;
  principal: E['auth'] extends 'session' ? Principal : Principal | null;
}

export interface RouteOptions<E extends Endpoint> {
  /** A permission the caller must hold (PERMISSION_DENIED otherwise). */
  permission?: PermissionRule;
  /** The company a company-scoped call names (COMPANY_NOT_ALLOWED when not the caller's). */
  company?: (input: RouteInput<E>) => number;
  /** Answers a session whose password has expired (changePassword, logout); every other route is PASSWORD_EXPIRED. */
  allowExpiredPassword?: true;
  /** More checks, run after authentication, validation, company and permission. */
  guards?: ReadonlyArray<(ctx: RouteContext<E>) => void | Promise<void>>;
  handler: (ctx: RouteContext<E>) => Promise<z.output<E['response']>> | z.output<E['response']>;
}

export type Authenticate = (req: FastifyRequest) => Promise<Principal>;

/** A check every route runs after its own guards' preconditions: the maintenance switch. */
export type CallGate = (path: string, body: unknown) => Promise<void>;

export interface RouteRegistrar {
  readonly app: FastifyInstance;
  add<E extends Endpoint>(endpoint: E, options: RouteOptions<E>): void;
}

const AUTH_PATHS = new Set(['login', 'logout', 'sendOtp', 'verifyOtp', 'resetPassword', 'changePassword']);

/** The OpenAPI group of a path: its first segment after /api, with a few merged. */
function tagOf(path: string): string {
  const part = path.split('/')[2] ?? 'api';
  if (AUTH_PATHS.has(part)) return 'auth';
  if (part === 'profile' || part === 'account') return 'account';
  if (part === 'health') return 'system';
  return part;
}

/**
 * Registers a route from a contract entry: params, query and body are
 * validated with the contract's zod schemas (400 VALIDATION_FAILED), the
 * answer is encoded with its response schema, and all of them appear in
 * the OpenAPI document.
 */
export function createRouteRegistrar(
  app: FastifyInstance,
  authenticate: Authenticate,
  gate?: CallGate,
): RouteRegistrar {
  return {
    app,
    add<E extends Endpoint>(endpoint: E, options: RouteOptions<E>): void {
      const isSession = endpoint.auth === 'session';
      const inputOf = (req: FastifyRequest): RouteInput<E> =>
        ({ params: req.params, query: req.query, body: req.body }) as RouteInput<E>;
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        schema: {
          summary: endpoint.summary,
          tags: [tagOf(endpoint.path)],
          ...(isSession ? { security: [{ bearerAuth: [] }] } : {}),
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.body ? { body: endpoint.body } : {}),
          response: { 200: endpoint.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
        },
        // Authentication runs before validation so a caller without a session
        // learns nothing about the input a call expects.
        onRequest: isSession
          ? async (req) => {
              req.principal = await authenticate(req);
              // An expired password leaves only its change (and logout), as a sign-in would refuse it.
              if (req.principal.passwordExpired && !options.allowExpiredPassword)
                throw new AppError('PASSWORD_EXPIRED');
            }
          : undefined,
        preHandler: async (req) => {
          const input = inputOf(req);
          if (isSession) {
            const principal = req.principal;
            if (!principal) throw new AppError('INVALID_SESSION');
            if (options.company) assertCompany(principal, options.company(input));
            if (options.permission) assertPermission(principal, options.permission);
          }
          if (gate) await gate(endpoint.path, req.body);
        },
        handler: async (req, reply) => {
          const ctx = { ...inputOf(req), req, reply, principal: req.principal } as RouteContext<E>;
          for (const guard of options.guards ?? []) await guard(ctx);
          return options.handler(ctx);
        },
      });
    },
  };
}
