import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth.css';

/**
 * The frame of the sign-in and password-reset pages: product title, a
 * subtitle, the form. Plain markup drawn with antd's default tokens (auth.css):
 * the sign-in page loads no antd at all.
 */
export function AuthCard({ subtitle, children }: { subtitle: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="auth-card">
      <h1 className="auth-card-title">{t('appTitle')}</h1>
      <p className="auth-card-subtitle">{subtitle}</p>
      {children}
    </section>
  );
}
