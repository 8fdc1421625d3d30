import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { keyLabel } from '../../lib/keyboard/shortcut-table';
import { MenuIcon, type MenuIconName } from '../menu-icons';

export interface MenuItemView {
  path: string;
  label: string;
  group: 'operations' | 'reports';
  icon?: MenuIconName;
  /** The key that moves to this screen from anywhere (lib/keyboard/shortcut-table.ts), as a code combo. */
  shortcut?: string;
}

/** An entry is active while the current path contains its link. */
export function activeKeys(items: readonly MenuItemView[], pathname: string): string[] {
  return items.filter((item) => pathname.includes(item.path)).map((item) => item.path);
}

/** The drawer's two groups, operations and reports; empty groups are left out. */
export function SideMenu({ items, onNavigate }: { items: readonly MenuItemView[]; onNavigate?: () => void }) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const groups: MenuProps['items'] = (['operations', 'reports'] as const)
    .map((group) => ({
      type: 'group' as const,
      key: group,
      label: t(`groups.${group}`),
      children: items
        .filter((item) => item.group === group)
        .map(({ path, label, icon, shortcut }) => ({
          key: path,
          icon: icon ? <MenuIcon name={icon} /> : undefined,
          label: (
            <Link to={path} onClick={onNavigate} aria-keyshortcuts={shortcut ? keyLabel(shortcut) : undefined}>
              {/* The name in an element of its own: what the entry is called, apart from its key. */}
              <span>{label}</span>
              {/* The key beside the name, so the agent learns it; screen readers hear aria-keyshortcuts. */}
              {shortcut ? (
                <kbd className="screen-kbd side-menu-key" aria-hidden>
                  {keyLabel(shortcut)}
                </kbd>
              ) : null}
            </Link>
          ),
        })),
    }))
    .filter((group) => group.children.length > 0);

  return (
    <nav aria-label={t('navigation')} className="side-menu">
      <Menu mode="inline" selectedKeys={activeKeys(items, pathname)} items={groups} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
