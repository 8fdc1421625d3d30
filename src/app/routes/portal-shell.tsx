import { Outlet } from 'react-router';
import { PortalLayout } from '../../components/layouts/portal-layout';
import { useClearButtonsOutOfTabOrder } from '../../lib/keyboard/clear-buttons';
import { AccessGate } from '../guards/access-gate';
import { useMenu } from '../use-menu';
import { useScreenKeys } from '../use-screen-keys';

/**
 * The signed-in shell: layout with the drawer built from the route table, pages behind the access check; pages get the
 * drawer's entries as the outlet context (home shows them as shortcuts).
 */
export function PortalShell() {
  const menu = useMenu();
  useScreenKeys(menu);
  // Tab from field to field: no stops on clear icons, on any screen or dialog.
  useClearButtonsOutOfTabOrder();
  return (
    <PortalLayout menu={menu}>
      <AccessGate>
        <Outlet context={menu} />
      </AccessGate>
    </PortalLayout>
  );
}
