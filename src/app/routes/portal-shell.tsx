import { Outlet } from 'react-router';
import { PortalLayout } from '../../components/layouts/portal-layout';
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
  return (
    <PortalLayout menu={menu}>
      <AccessGate>
        <Outlet context={menu} />
      </AccessGate>
    </PortalLayout>
  );
}
