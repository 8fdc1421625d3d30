import { useNavigate } from 'react-router';
import type { MenuItemView } from '../components/layouts/side-menu';
import { SCREEN_KEYS, reportScreenKey } from '../lib/keyboard/shortcut-table';
import { useShortcuts } from '../lib/keyboard/use-shortcuts';
import { MENU_ENTRIES } from './route-table';

// A report's place among all reports of the route table, not among those the user sees: a key never moves.
const REPORTS = MENU_ENTRIES.filter((entry) => entry.menu === 'reports').map((entry) => entry.path);

/** The key of a drawer entry (shortcut-table.ts), by its route: the same key whoever signs in. */
export function screenKeyOf(entry: Pick<MenuItemView, 'path' | 'group'>): string | undefined {
  return entry.group === 'reports' ? reportScreenKey(REPORTS.indexOf(entry.path)) : SCREEN_KEYS[entry.path];
}

/** The key of each drawer entry the user sees (shortcut-table.ts). */
export function screenKeys(menu: readonly MenuItemView[]): { path: string; key: string }[] {
  return menu.flatMap((entry) => {
    const key = screenKeyOf(entry);
    return key ? [{ path: entry.path, key }] : [];
  });
}

/** One key per drawer entry moves to its screen, from anywhere in the signed-in portal. */
export function useScreenKeys(menu: readonly MenuItemView[]): void {
  const navigate = useNavigate();
  useShortcuts([
    { id: 'home', keys: [SCREEN_KEYS['/'] ?? ''], run: () => void navigate('/') },
    ...screenKeys(menu).map(({ path, key }) => ({ id: path, keys: [key], run: () => void navigate(path) })),
  ]);
}
