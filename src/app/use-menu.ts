import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { homepageFor, permissionsOf, visibleEntries } from '../lib/access';
import { useProfile } from '../lib/queries/profile';
import type { MenuItemView } from '../components/layouts/side-menu';
import { MENU_ENTRIES, PROTECTED_ROUTES } from './route-table';
import { screenKeyOf } from './use-screen-keys';

/** The drawer entries the signed-in user may see, localised. */
export function useMenu(): MenuItemView[] {
  const { t } = useTranslation('menu');
  const { data: profile } = useProfile();
  return useMemo(
    () =>
      visibleEntries(MENU_ENTRIES, permissionsOf(profile)).map((entry) => {
        const group = entry.menu ?? 'operations';
        return {
          path: entry.path,
          label: t(entry.titleKey),
          group,
          icon: entry.icon,
          shortcut: screenKeyOf({ path: entry.path, group }),
        };
      }),
    [profile, t],
  );
}

/** The user's homepage: their own, else the first menu entry they may see, else /. */
export function useHomepage(): string {
  const { data: profile } = useProfile();
  return homepageFor(profile, MENU_ENTRIES, PROTECTED_ROUTES);
}
