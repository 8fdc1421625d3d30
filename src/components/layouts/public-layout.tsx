import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../language-menu';

/** Sign-in, password reset and error pages: centred, with the language menu at hand. */
export function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 16px' }}>
        <LanguageMenu />
      </div>
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '16px 16px 48px' }}>
        <div style={{ width: '100%', maxWidth: 440, marginTop: '6vh' }}>
          <Outlet />
        </div>
      </Layout.Content>
    </Layout>
  );
}
