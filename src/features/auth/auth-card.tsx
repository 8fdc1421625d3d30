import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the sign-in and password-reset pages: product title, a subtitle, the form. */
export function AuthCard({ subtitle, children }: { subtitle: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4, textAlign: 'center' }}>
        {t('appTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {subtitle}
      </Typography.Paragraph>
      {children}
    </Card>
  );
}
