import axios from 'axios';
import { DEVELOPER_TOKEN_HEADER, DEVELOPER_TOKEN_PARAM, REQUEST_TIMEOUT_MS } from '../contract';
import { useSessionStore } from '../../stores/session-store';
import { isOnLoginPage, pageQueryParam } from '../app-location';
import { apiBaseUrl, sessionExpired } from './api-config';
import { toApiError } from './api-error';

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

http.interceptors.response.use(undefined, (error: unknown) => {
  const apiError = toApiError(error);
  const handler = sessionExpired();
  // On the sign-in page a 401 is a wrong password, not an expired session. Without a stored session nothing
  // expires, unless it has just expired (a second call of the same moment answers 401 too).
  const { token, invalidSession } = useSessionStore.getState();
  if (apiError.status === 401 && !isOnLoginPage() && handler && (token || invalidSession)) {
    apiError.sessionExpired = true;
    handler();
  }
  return Promise.reject(apiError);
});
