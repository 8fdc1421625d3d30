import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api/api-error';
import { fieldErrorMessages } from '../../lib/api/field-errors';
import { notifyReason } from '../../lib/notify/notifier';
import { consumeInvalidSession } from '../../lib/session';
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

/**
 * The sign-in page. On success the guest guard moves on (redirect target,
 * else homepage). A refused sign-in and an expired session are toasts, like
 * every API error; field errors of the answer stay under their fields.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const canRemember = useCanRememberSession().data ?? true;
  useEffect(() => {
    // The flag is cleared right away; the toast's key keeps a repeated effect to one toast.
    const reason = consumeInvalidSession();
    if (reason) notifyReason(reason);
  }, []);
  useEffect(prefetchResetPage, []);

  const error = signIn.error ? toApiError(signIn.error) : null;

  return (
    <AuthCard subtitle={t('login.subtitle')}>
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
