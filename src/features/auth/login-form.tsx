import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EyeIcon, EyeInvisibleIcon, LoadingIcon, LockIcon, UserIcon } from '../../components/plain/icons';
import '../../components/plain/plain.css';
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

/** An input in antd's outlined look, with a prefix icon and an optional suffix. */
function InputFrame({
  error,
  disabled,
  prefix,
  suffix,
  children,
}: {
  error?: string;
  disabled: boolean;
  prefix: ReactNode;
  suffix?: ReactNode;
  children: ReactNode;
}) {
  const className = ['pl-input', error ? 'pl-input-error' : '', disabled ? 'pl-input-disabled' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className}>
      <span className="pl-input-prefix">{prefix}</span>
      {children}
      {suffix && <span className="pl-input-suffix">{suffix}</span>}
    </span>
  );
}

/**
 * Username, password (show/hide), remember me, the reset link and the
 * sign-in button: plain elements drawn like antd's (the sign-in page loads no
 * antd). Tab order: username, password, remember me, the link, the button;
 * the show/hide eye is clicked, as antd's is, not tabbed to.
 */
export function LoginForm({ loading, canRemember, serverErrors, onSubmit }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const [values, setValues] = useState<SignInValues>({ username: '', password: '', rememberMe: false });
  const [checked, setChecked] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

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
  const rememberDisabled = !canRemember || loading;

  return (
    <form noValidate onSubmit={submit}>
      <PlainField id="login-username" label={t('common:fields.username')} error={errorOf('username')}>
        <InputFrame error={errorOf('username')} disabled={loading} prefix={<UserIcon />}>
          <input
            {...fieldAria('login-username', errorOf('username'))}
            type="text"
            autoComplete="username"
            autoFocus
            disabled={loading}
            value={values.username}
            onChange={(e) => set({ username: e.target.value })}
          />
        </InputFrame>
      </PlainField>
      <PlainField id="login-password" label={t('auth:login.password')} error={errorOf('password')}>
        <InputFrame
          error={errorOf('password')}
          disabled={loading}
          prefix={<LockIcon />}
          suffix={
            <button
              type="button"
              className="pl-input-toggle"
              tabIndex={-1}
              aria-label={t('auth:login.showPassword')}
              aria-pressed={showPassword}
              disabled={loading}
              // Keeps the caret in the field, as antd's eye does.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeIcon /> : <EyeInvisibleIcon />}
            </button>
          }
        >
          <input
            {...fieldAria('login-password', errorOf('password'))}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            disabled={loading}
            value={values.password}
            onChange={(e) => set({ password: e.target.value })}
          />
        </InputFrame>
      </PlainField>
      <div className="auth-options">
        <label className={rememberDisabled ? 'pl-checkbox pl-checkbox-disabled' : 'pl-checkbox'}>
          <input
            type="checkbox"
            checked={canRemember && values.rememberMe}
            disabled={rememberDisabled}
            onChange={(e) => set({ rememberMe: e.target.checked })}
          />
          <span>{t('auth:login.rememberMe')}</span>
        </label>
        <Link to="/forgot-password">{t('auth:login.forgotPassword')}</Link>
      </div>
      {!canRemember && (
        <p role="note" className="auth-note">
          {t('auth:login.rememberMeUnavailable')}
        </p>
      )}
      <button type="submit" className="pl-btn pl-btn-primary pl-btn-block" disabled={loading}>
        {loading && <LoadingIcon />}
        <span>{t('auth:login.submit')}</span>
      </button>
    </form>
  );
}
