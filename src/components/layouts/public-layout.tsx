import { theme } from 'antd';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../language-menu';

/** Sign-in, password reset and error pages: centred, with the language menu at hand. */
export function PublicLayout() {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 16px' }}>
        <LanguageMenu />
      </header>
      <main style={{ display: 'flex', justifyContent: 'center', padding: '16px 16px 48px' }}>
        <div style={{ width: '100%', maxWidth: 440, marginTop: '6vh' }}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
