import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the sign-in and password-reset pages: product title, a
 * subtitle, the form. Plain markup with antd's tokens: antd's Card and
 * Typography would add tabs, skeletons and copy/edit code to the sign-in load.
 */
export function AuthCard({ subtitle, children }: { subtitle: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: token.paddingLG,
      }}
    >
      <h1 style={{ margin: '0 0 4px', textAlign: 'center', fontSize: token.fontSizeHeading2, fontWeight: 600, color: token.colorTextHeading }}>
        {t('appTitle')}
      </h1>
      <p style={{ margin: '0 0 16px', textAlign: 'center', color: token.colorTextSecondary }}>{subtitle}</p>
      {children}
    </section>
  );
}
