import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reasonMessage } from '../../lib/api/error-messages';
import { toApiError } from '../../lib/api/api-error';
import { applyFieldErrors } from '../../lib/api/field-errors';
import { consumeInvalidSession } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';
import { rules } from '../../lib/validators';
import { useCanRememberSession } from './api/device';
import { useSignIn, type SignInValues } from './api/sign-in';
import { AuthCard } from './auth-card';
import { DeviceInfo } from './device-info';

/** The sign-in page. On success the guest guard moves on (redirect target, else homepage). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<SignInValues>();
  const signIn = useSignIn();
  const canRemember = useCanRememberSession().data ?? true;
  // Read once: the flag is cleared right after, but the notice stays until the next attempt.
  const [sessionExpired] = useState(() => useSessionStore.getState().invalidSession);
  useEffect(() => {
    consumeInvalidSession();
  }, []);

  const error = signIn.error ? toApiError(signIn.error) : null;
  const errorText = error ? reasonMessage(error.reason, error.details) : sessionExpired && signIn.isIdle ? reasonMessage('INVALID_SESSION') : null;

  return (
    <AuthCard subtitle={t('login.subtitle')}>
      {errorText && <Alert type="error" showIcon role="alert" title={errorText} style={{ marginBottom: 16 }} />}
      <Form<SignInValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', rememberMe: false }}
        onFinish={(values) =>
          signIn.mutate(
            { ...values, rememberMe: canRemember && values.rememberMe },
            { onError: (e) => applyFieldErrors(form, toApiError(e)) },
          )
        }
        disabled={signIn.isPending}
      >
        <Form.Item name="username" label={t('login.username')} rules={[rules.required('USERNAME_REQUIRED')]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[rules.required('PASSWORD_REQUIRED')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox disabled={!canRemember}>{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
        </div>
        {!canRemember && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('login.rememberMeUnavailable')}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} disabled={signIn.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <DeviceInfo />
    </AuthCard>
  );
}
