import { httpStatusOf, type ApiErrorBody, type Reason } from '@agent-portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseTroubleOf, type DatabaseTrouble } from '../db/database-trouble';
import { AppError } from './app-error';

/**
 * What a counter is told when the database is busy, out of reach, full or failing, and whether a wait helps: busy and
 * out of reach are worth sending again in a second (a warning), full and failing wait for the operator (an error).
 */
const TROUBLES: Record<DatabaseTrouble, { message: string; retryAfterSeconds: number | null }> = {
  DATABASE_BUSY: { message: 'The server is busy; nothing was saved. Try again in a moment', retryAfterSeconds: 1 },
  DATABASE_UNAVAILABLE: {
    message: 'The server cannot reach its database. Try again in a moment',
    retryAfterSeconds: 1,
  },
  DATABASE_FULL: {
    message: 'The database has no room left (its disk is full); nothing was saved. Tell the server administrator',
    retryAfterSeconds: null,
  },
  DATABASE_FAULT: {
    message: "The server's database failed (a disk or file fault). Tell the server administrator",
    retryAfterSeconds: null,
  },
};

/** Reasons whose details.retryAfterSeconds is also said as a Retry-After header. */
const RETRY_AFTER_REASONS: ReadonlySet<Reason> = new Set([
  'TOO_MANY_REQUESTS',
  'OTP_ALREADY_SENT',
  'DATABASE_BUSY',
  'DATABASE_UNAVAILABLE',
]);

export function sendError(
  reply: FastifyReply,
  reason: Reason,
  details?: Record<string, unknown>,
  message?: string,
): FastifyReply {
  const body: ApiErrorBody = { reason };
  if (message !== undefined) body.message = message;
  if (details !== undefined) body.details = details;
  if (RETRY_AFTER_REASONS.has(reason)) {
    const retry = details?.retryAfterSeconds;
    if (typeof retry === 'number') void reply.header('retry-after', String(retry));
  }
  return reply.code(httpStatusOf(reason)).send(body);
}

/** "/stations/0/name" -> "stations.0.name"; an empty path names the whole part (body, params). */
function fieldPath(instancePath: string, context: string | undefined): string {
  const dotted = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return dotted === '' ? (context ?? 'body') : dotted;
}

function isFastifyClientError(error: unknown): error is FastifyError {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as FastifyError).statusCode;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && typeof (error as FastifyError).code === 'string'
  );
}

/**
 * The one error handler: every failure answers {reason, message?, details?};
 * anything unexpected is logged with its stack and answered without it.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.reason, error.details, error.publicMessage);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath, context);
        fields[key] ??= issue.message ?? 'invalid';
      }
      return sendError(reply, 'VALIDATION_FAILED', { fields }, 'Some fields are invalid');
    }
    if (isFastifyClientError(error)) {
      // Fastify's own refusals (malformed JSON, unsupported media type, body too large).
      if (error.statusCode === 404) return sendError(reply, 'RESOURCE_NOT_FOUND');
      if (error.statusCode === 429) return sendError(reply, 'TOO_MANY_REQUESTS');
      if (error.statusCode === 413)
        return sendError(
          reply,
          'PAYLOAD_TOO_LARGE',
          { limitBytes: request.routeOptions.bodyLimit },
          'The request body is too large',
        );
      if (error.statusCode === 415)
        return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', undefined, 'Send the body as application/json');
      return sendError(reply, 'VALIDATION_FAILED', { code: error.code }, error.message);
    }
    const trouble = databaseTroubleOf(error);
    if (trouble) {
      const { message, retryAfterSeconds } = TROUBLES[trouble];
      if (retryAfterSeconds === null) {
        request.log.error({ err: error }, trouble);
        return sendError(reply, trouble, undefined, message);
      }
      request.log.warn({ err: error }, trouble);
      return sendError(reply, trouble, { retryAfterSeconds }, message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 'INTERNAL_SERVER_ERROR', undefined, 'Something went wrong on the server');
  });
}
