import axios, { type InternalAxiosRequestConfig } from 'axios';
import { DEVELOPER_TOKEN_HEADER, DEVELOPER_TOKEN_PARAM, IDEMPOTENCY_HEADER, REQUEST_TIMEOUT_MS } from '../contract';
import { useSessionStore } from '../../stores/session-store';
import { isOnLoginPage, pageQueryParam } from '../app-location';
import { apiBaseUrl, sessionExpired } from './api-config';
import { toApiError, type ApiError } from './api-error';

/** The one HTTP client: JSON, 60 s timeout, bearer token, developer token, reasons from errors. */
export const http = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  config.baseURL = apiBaseUrl();
  const token = useSessionStore.getState().token;
  // A caller may send a token explicitly (the sign-in sequence does, before it stores the session).
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  const developerToken = pageQueryParam(DEVELOPER_TOKEN_PARAM)?.trim();
  if (developerToken) config.headers.set(DEVELOPER_TOKEN_HEADER, developerToken);
  return config;
});

/**
 * The server's database busy or out of reach for a moment (503 DATABASE_BUSY, DATABASE_UNAVAILABLE; the
 * server saved nothing, or answers a stored result to the same key). A request that is safe to send again,
 * a read or one carrying its Idempotency-Key, is sent once more after the wait the server names (at most
 * 2 s), so a counter does not see a hiccup of a second. Anything else, and a second refusal, is shown.
 */
const PASSING_REASONS = new Set(['DATABASE_BUSY', 'DATABASE_UNAVAILABLE']);
const MAX_RETRY_WAIT_MS = 2_000;
/** Marks a request sent again: axios copies a request's options, this one included, into a new object. */
type MaybeSentAgain = InternalAxiosRequestConfig & { sentAgain?: true };

function retryWaitMs(apiError: ApiError, config: MaybeSentAgain | undefined): number | null {
  if (!config || config.sentAgain || apiError.status !== 503 || !PASSING_REASONS.has(apiError.reason)) return null;
  const safe = (config.method ?? 'get').toLowerCase() === 'get' || config.headers.has(IDEMPOTENCY_HEADER);
  if (!safe) return null;
  const seconds = Number(apiError.details?.retryAfterSeconds ?? 1);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0) * 1000, MAX_RETRY_WAIT_MS) : MAX_RETRY_WAIT_MS;
}

/**
 * Refusals of a signed-in call that end the session as a 401 does, with the reason a sign-in would give: the
 * user, agent or outlet is no longer active (the server ended the session; server/src/modules/session/service.ts).
 */
const SESSION_ENDING_REASONS = new Set(['USER_INACTIVE', 'AGENT_INACTIVE', 'BRANCH_INACTIVE', 'BRANCH_NOT_ASSIGNED']);

http.interceptors.response.use(undefined, async (error: unknown) => {
  const apiError = toApiError(error);
  const config = (error as { config?: MaybeSentAgain }).config;
  const wait = retryWaitMs(apiError, config);
  if (config && wait !== null) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const again: MaybeSentAgain = { ...config, sentAgain: true };
    return http.request(again);
  }
  const handler = sessionExpired();
  // On the sign-in page a 401 is a wrong password, not an expired session. Without a stored session nothing
  // expires, unless it has just expired (a second call of the same moment answers 401 too).
  const { token, invalidSession } = useSessionStore.getState();
  const ended = apiError.status === 401 || (apiError.status === 403 && SESSION_ENDING_REASONS.has(apiError.reason));
  if (ended && !isOnLoginPage() && handler && (token || invalidSession)) {
    apiError.sessionExpired = true;
    handler(apiError.status === 401 ? undefined : apiError.reason);
  }
  // The password expired while signed in: the session lives on for its change alone, which the guards then show.
  if (apiError.reason === 'PASSWORD_EXPIRED' && !isOnLoginPage() && token)
    useSessionStore.setState({ passwordExpired: true });
  return Promise.reject(apiError);
});
