import { useOutletContext } from 'react-router';
import type { MenuItemView } from '../../components/layouts/side-menu';
import { HomePage } from '../../features/home/home-page';

/**
 * Home shows shortcuts to the screens the user may open: the drawer's own
 * entries, handed down by the signed-in shell (portal-shell), so this page
 * does not reach back into the route table that loads it.
 */
export function HomeRoute() {
  return <HomePage shortcuts={useOutletContext<MenuItemView[]>()} />;
}
