import { ApiError } from '../api/api-error';

/** No answer (offline, unreachable, timed out), a server failure or a busy server: worth asking again. */
const TRANSIENT_REASONS = new Set(['NO_INTERNET_CONNECTION', 'SERVER_UNREACHABLE', 'REQUEST_TIMEOUT']);

/**
 * A failure that says nothing about the session: the link or the server, not
 * a refusal. A 401 (handled by the client), a 403 or a 404 is an answer.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === null) return TRANSIENT_REASONS.has(error.reason);
  return error.status >= 500 || error.status === 429;
}

/**
 * The session's own look-ups (company list, profile) keep trying through a
 * flaky link at start-up: 1 s, 2 s, 4 s... up to 30 s between tries, paused
 * while the browser is offline. Only a real answer ends them.
 */
export const sessionRetry = {
  retry: (_failureCount: number, error: unknown) => isTransientFailure(error),
  retryDelay: (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000),
};
