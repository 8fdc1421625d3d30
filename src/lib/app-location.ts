/**
 * Where the user is in the portal, for code outside React (the API client).
 * The desktop shell loads the built page from file://, where only hash
 * routing works; a browser uses real paths.
 */
export function usesHashRouting(): boolean {
  return window.location.protocol === 'file:';
}

/** The current portal path with its query string, e.g. /report/sales-summary?x=1. */
export function currentAppPath(): string {
  if (usesHashRouting()) return window.location.hash.replace(/^#/, '') || '/';
  return `${window.location.pathname}${window.location.search}`;
}

export function isOnLoginPage(): boolean {
  return currentAppPath().split('?')[0] === '/login';
}

/** A query parameter of the page address (either the real query or the hash route's). */
export function pageQueryParam(name: string): string | null {
  const fromSearch = new URLSearchParams(window.location.search).get(name);
  if (fromSearch !== null) return fromSearch;
  const hashQuery = window.location.hash.split('?')[1];
  return hashQuery ? new URLSearchParams(hashQuery).get(name) : null;
}
