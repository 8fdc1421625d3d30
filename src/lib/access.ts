import type { Permission, Profile } from '@agent-portal/contract';

/** A check requires any of, or all of, a list of permissions. */
export type AccessRule = { anyOf: readonly Permission[] } | { allOf: readonly Permission[] };

export type Granted = ReadonlySet<string>;

export function permissionsOf(profile: Pick<Profile, 'roles'> | undefined): Granted {
  return new Set(profile?.roles.flatMap((role) => role.permissions.map((p) => p.name)) ?? []);
}

/** No rule means open to every signed-in user. An empty anyOf list is also open. */
export function can(granted: Granted, rule?: AccessRule): boolean {
  if (!rule) return true;
  if ('allOf' in rule) return rule.allOf.every((p) => granted.has(p));
  return rule.anyOf.length === 0 || rule.anyOf.some((p) => granted.has(p));
}

export interface Guarded {
  path: string;
  access?: AccessRule;
}

/** The entries a user may see, in their order. */
export function visibleEntries<T extends Guarded>(entries: readonly T[], granted: Granted): T[] {
  return entries.filter((entry) => can(granted, entry.access));
}

export const DEFAULT_HOME = '/';

/**
 * The user's homepage: the profile's own choice when it is one of the routes
 * and they may open it, else the first menu entry they may see, else the
 * default home. An unknown homepage (a page this portal does not have, a
 * typo on the server) counts as one they may not open.
 */
export function homepageFor(
  profile: Pick<Profile, 'roles' | 'homepage'> | undefined,
  menu: readonly Guarded[],
  allRoutes: readonly Guarded[] = menu,
): string {
  const granted = permissionsOf(profile);
  const chosen = profile?.homepage;
  if (chosen) {
    const route = allRoutes.find((r) => r.path === chosen.split('?')[0]);
    if (route && can(granted, route.access)) return chosen;
  }
  return visibleEntries(menu, granted)[0]?.path ?? DEFAULT_HOME;
}
