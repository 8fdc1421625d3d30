import { Drawer, Grid, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { useLiveConnection } from '../../lib/live/use-live-connection';
import { useUiStore } from '../../stores/ui-store';
import { MaintenanceBanner } from '../maintenance-banner';
import { PasswordExpiryBanner } from '../password-expiry-banner';
import { SideMenu, type MenuItemView } from './side-menu';
import { TopBar } from './top-bar';

export const DRAWER_WIDTH = 220;

/** Top bar, drawer (permanent when wide, slide-out when narrow) and the page. */
export function PortalLayout({ menu, children }: { menu: readonly MenuItemView[]; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  const setDrawerOpen = useUiStore((s) => s.setDrawerOpen);
  const wide = screens.lg === true;
  // One live stream per portal window, while signed in (lib/live).
  useLiveConnection();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar wide={wide} onOpenMenu={() => setDrawerOpen(true)} />
      <Layout>
        {wide ? (
          <Layout.Sider
            width={DRAWER_WIDTH}
            style={{ background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          >
            <SideMenu items={menu} />
          </Layout.Sider>
        ) : (
          <Drawer
            placement="left"
            size={DRAWER_WIDTH}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            styles={{ body: { padding: 0 } }}
          >
            <SideMenu items={menu} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <MaintenanceBanner />
          <PasswordExpiryBanner />
          <main>{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
