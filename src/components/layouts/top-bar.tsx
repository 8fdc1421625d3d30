import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../lib/queries/profile';
import { AccountChip } from '../account-chip';
import { CompanySwitcher } from '../company-switcher';
import { LanguageMenu } from '../language-menu';
import { UserMenu } from '../user-menu';

export function TopBar({ wide, desktop, onOpenMenu }: { wide: boolean; desktop: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: profile } = useProfile();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        paddingInline: 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {!wide && <Button type="text" icon={<MenuOutlined />} aria-label={t('actions.openMenu')} onClick={onOpenMenu} />}
      <Link to="/" style={{ color: 'inherit' }}>
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {t('appTitle')}
        </Typography.Title>
      </Link>
      {desktop && profile && (
        <Typography.Text type="secondary" data-testid="current-company" ellipsis>
          {profile.company.name}
        </Typography.Text>
      )}
      <div style={{ flex: 1 }} />
      <AccountChip />
      <CompanySwitcher />
      <LanguageMenu showLabel={desktop} />
      <UserMenu compact={!desktop} />
    </Layout.Header>
  );
}
