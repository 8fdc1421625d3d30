import type { UIMatch } from 'react-router';
import type { AccessRule } from '../lib/access';

/** What each route of the table carries for the title, the guards and the layouts. */
export interface RouteHandle {
  titleKey: string;
  access?: AccessRule;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).titleKey === 'string';
}

/** The innermost route that carries a handle. */
export function leafHandle(matches: UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
