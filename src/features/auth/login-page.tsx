import Alert from 'antd/es/alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api/api-error';
import { reasonMessage } from '../../lib/api/error-messages';
import { fieldErrorMessages } from '../../lib/api/field-errors';
import { consumeInvalidSession } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';
import { useCanRememberSession } from './api/device';
import { useSignIn } from './api/sign-in';
import { AuthCard } from './auth-card';
import { DeviceInfo } from './device-info';
import { LoginForm } from './login-form';

/**
 * Fetches the password-reset page's code once this page is idle. The router
 * keeps this page on screen until the next page's code has loaded, so
 * without it, keystrokes right after "Forgot password?" went into this form.
 */
function prefetchResetPage(): () => void {
  const load = () => void import('./forgot-password-page').catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(load, 200);
  return () => window.clearTimeout(id);
}

/** The sign-in page. On success the guest guard moves on (redirect target, else homepage). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const canRemember = useCanRememberSession().data ?? true;
  // Read once: the flag is cleared right away, but the notice stays until the next attempt.
  const [sessionExpired] = useState(() => useSessionStore.getState().invalidSession);
  useEffect(() => {
    consumeInvalidSession();
  }, []);
  useEffect(prefetchResetPage, []);

  const error = signIn.error ? toApiError(signIn.error) : null;
  const errorText = error
    ? reasonMessage(error.reason, error.details)
    : sessionExpired && signIn.isIdle
      ? reasonMessage('INVALID_SESSION')
      : null;

  return (
    <AuthCard subtitle={t('login.subtitle')}>
      {errorText && <Alert type="error" showIcon role="alert" title={errorText} style={{ marginBottom: 16 }} />}
      <LoginForm
        loading={signIn.isPending}
        canRemember={canRemember}
        serverErrors={error ? fieldErrorMessages(error) : {}}
        onSubmit={(values) => signIn.mutate(values)}
      />
      <DeviceInfo />
    </AuthCard>
  );
}
