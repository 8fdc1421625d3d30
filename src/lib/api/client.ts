import axios from 'axios';
import { DEVELOPER_TOKEN_HEADER, DEVELOPER_TOKEN_PARAM, REQUEST_TIMEOUT_MS } from '@agent-portal/contract';
import { useSessionStore } from '../../stores/session-store';
import { isOnLoginPage, pageQueryParam } from '../app-location';
import { toApiError } from './api-error';

/**
 * The one HTTP client. Contract paths already start with /api, so the base
 * URL is empty in a browser (same origin; vite proxies /api) and the shell's
 * configured server address on the desktop.
 */
export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

export function setApiBaseUrl(url: string | null): void {
  http.defaults.baseURL = url ? url.replace(/\/+$/, '') : '';
}

let sessionExpiredHandler: (() => void) | null = null;

/** Set once at start-up (lib/session), so this module does not depend on the session lifecycle. */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

http.interceptors.request.use((config) => {
  const token = useSessionStore.getState().token;
  // A caller may send a token explicitly (the sign-in sequence does, before the session is stored).
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  const developerToken = pageQueryParam(DEVELOPER_TOKEN_PARAM)?.trim();
  if (developerToken) config.headers.set(DEVELOPER_TOKEN_HEADER, developerToken);
  return config;
});

http.interceptors.response.use(undefined, (error: unknown) => {
  const apiError = toApiError(error);
  // On the sign-in page a 401 is a wrong password, not an expired session.
  if (apiError.status === 401 && !isOnLoginPage() && sessionExpiredHandler) {
    apiError.sessionExpired = true;
    sessionExpiredHandler();
  }
  return Promise.reject(apiError);
});
