import { HomePage } from '../../features/home/home-page';
import { useMenu } from '../use-menu';

/** Home shows shortcuts to the screens the user may open; the menu comes from the route table. */
export function HomeRoute() {
  return <HomePage shortcuts={useMenu()} />;
}
