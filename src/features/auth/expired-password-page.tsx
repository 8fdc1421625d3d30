import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';
import { ChangePasswordPage } from './change-password-page';

/**
 * What a session whose password expired while signed in shows instead of the
 * portal: the server answers only the password change (and logout) until it is
 * done (PASSWORD_EXPIRED otherwise). Once changed, the portal loads again.
 */
export function ExpiredPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const queryClient = useQueryClient();
  const changed = () => {
    useSessionStore.setState({ passwordExpired: false });
    void queryClient.invalidateQueries();
  };
  return (
    <main style={{ maxWidth: 520, margin: '48px auto', padding: 16 }}>
      <Alert type="warning" showIcon message={t('auth:change.expired')} style={{ marginBottom: 16 }} />
      <ChangePasswordPage onChanged={changed} />
      <Button type="link" onClick={() => void logout()} style={{ marginTop: 8, paddingLeft: 0 }}>
        {t('common:topBar.logout')}
      </Button>
    </main>
  );
}
