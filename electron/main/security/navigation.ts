import { hasOrigin } from './origin';

/**
 * Where the portal's window may go. It stays on the app's own origin; an
 * https address on the allow-list opens in the system browser; everything
 * else is refused.
 */
export type NavigationDecision = { action: 'allow' } | { action: 'deny' } | { action: 'open-external'; url: string };

export interface NavigationPolicy {
  appOrigin: string;
  /** https origins (e.g. "https://help.example.org") whose links open in the system browser. */
  externalAllowList: readonly string[];
}

export function decideNavigation(url: string, policy: NavigationPolicy): NavigationDecision {
  if (hasOrigin(url, policy.appOrigin)) return { action: 'allow' };
  return isAllowedExternal(url, policy.externalAllowList) ? { action: 'open-external', url } : { action: 'deny' };
}

/** New windows are never created; an allowed external link goes to the system browser instead. */
export function decideWindowOpen(url: string, policy: NavigationPolicy): NavigationDecision {
  return isAllowedExternal(url, policy.externalAllowList) ? { action: 'open-external', url } : { action: 'deny' };
}

export function isAllowedExternal(url: string, allowList: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  return allowList.some((allowed) => hasOrigin(url, allowed) && allowed.startsWith('https://'));
}
