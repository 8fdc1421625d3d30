/**
 * Settings of the HTTP client that start-up code sets. Kept apart from
 * client.ts so that setting them does not load axios: the client (and axios)
 * load with the first call, not with the sign-in page.
 */
let baseUrl = '';
let sessionExpiredHandler: ((reason?: string) => void) | null = null;

/** Contract paths start with /api: empty means same origin (browser); the shell gives its server address. */
export function setApiBaseUrl(url: string | null): void {
  baseUrl = url ? url.replace(/\/+$/, '') : '';
}

export function apiBaseUrl(): string {
  return baseUrl;
}

/** Set once at start-up (lib/session), so the client does not depend on the session lifecycle. */
export function onSessionExpired(handler: ((reason?: string) => void) | null): void {
  sessionExpiredHandler = handler;
}

export function sessionExpired(): ((reason?: string) => void) | null {
  return sessionExpiredHandler;
}
