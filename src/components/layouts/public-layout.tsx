import { Outlet } from 'react-router';
import { LanguageMenu } from '../language-menu';
import './public-layout.css';

/**
 * Sign-in, password reset and error pages: centred, with the language menu at
 * hand. Plain markup (antd's layout background): the sign-in page loads no antd.
 */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="public-layout-header">
        <LanguageMenu />
      </header>
      <main className="public-layout-main">
        <div className="public-layout-column">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
