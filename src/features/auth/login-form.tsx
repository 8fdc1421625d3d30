import { LockOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requiredFailure } from '../../lib/validators';
import type { SignInValues } from './api/sign-in';
import { fieldAria, PlainField } from './plain-field';

export type LoginErrors = Partial<Record<'username' | 'password', string>>;

interface LoginFormProps {
  loading: boolean;
  canRemember: boolean;
  serverErrors: LoginErrors;
  onSubmit: (values: SignInValues) => void;
}

/** Username, password (show/hide), remember me, the reset link and the sign-in button. */
export function LoginForm({ loading, canRemember, serverErrors, onSubmit }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const [values, setValues] = useState<SignInValues>({ username: '', password: '', rememberMe: false });
  const [checked, setChecked] = useState(false);

  const failures: LoginErrors = {
    username: requiredFailure(values.username, 'USERNAME_REQUIRED') ?? undefined,
    password: requiredFailure(values.password, 'PASSWORD_REQUIRED') ?? undefined,
  };
  const errorOf = (field: keyof LoginErrors) =>
    checked && failures[field] ? t(`errors:${failures[field]}`) : serverErrors[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (failures.username || failures.password) return;
    onSubmit({ ...values, rememberMe: canRemember && values.rememberMe });
  };

  const set = (patch: Partial<SignInValues>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <form noValidate onSubmit={submit}>
      <PlainField id="login-username" label={t('common:fields.username')} error={errorOf('username')}>
        <Input
          {...fieldAria('login-username', errorOf('username'))}
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          disabled={loading}
          value={values.username}
          onChange={(e) => set({ username: e.target.value })}
        />
      </PlainField>
      <PlainField id="login-password" label={t('auth:login.password')} error={errorOf('password')}>
        <Password
          {...fieldAria('login-password', errorOf('password'))}
          prefix={<LockOutlined />}
          autoComplete="current-password"
          disabled={loading}
          value={values.password}
          onChange={(e) => set({ password: e.target.value })}
        />
      </PlainField>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
        <Checkbox
          checked={canRemember && values.rememberMe}
          disabled={!canRemember || loading}
          onChange={(e) => set({ rememberMe: e.target.checked })}
        >
          {t('auth:login.rememberMe')}
        </Checkbox>
        <Link to="/forgot-password">{t('auth:login.forgotPassword')}</Link>
      </div>
      {!canRemember && (
        <p role="note" style={{ fontSize: 12, opacity: 0.75, marginTop: -8 }}>
          {t('auth:login.rememberMeUnavailable')}
        </p>
      )}
      <Button type="primary" htmlType="submit" block loading={loading} disabled={loading}>
        {t('auth:login.submit')}
      </Button>
    </form>
  );
}
