import { Outlet } from 'react-router';
import { PortalLayout } from '../../components/layouts/portal-layout';
import { AccessGate } from '../guards/access-gate';
import { useMenu } from '../use-menu';

/** The signed-in shell: layout with the drawer built from the route table, pages behind the access check. */
export function PortalShell() {
  return (
    <PortalLayout menu={useMenu()}>
      <AccessGate>
        <Outlet />
      </AccessGate>
    </PortalLayout>
  );
}
