import { HomeOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../lib/queries/profile';
import { AccountChip } from '../account-chip';
import { CompanySwitcher } from '../company-switcher';
import { LanguageMenu } from '../language-menu';
import { UserMenu } from '../user-menu';

/** Product title, company (desktop), account chip, company switcher, language and user menus. */
export function TopBar({ wide, onOpenMenu }: { wide: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const { data: profile } = useProfile();
  const desktop = screens.md === true;
  const roomy = screens.sm === true;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: desktop ? 12 : 4,
        paddingInline: desktop ? 16 : 8,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
        whiteSpace: 'nowrap',
      }}
    >
      {!wide && <Button type="text" icon={<MenuOutlined />} aria-label={t('actions.openMenu')} onClick={onOpenMenu} />}
      {roomy ? (
        <Link to="/" style={{ color: 'inherit', minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {t('appTitle')}
          </Typography.Title>
        </Link>
      ) : (
        <Link to="/" aria-label={t('appTitle')} style={{ color: 'inherit', paddingInline: 4 }}>
          <HomeOutlined />
        </Link>
      )}
      {desktop && profile && (
        <Typography.Text type="secondary" data-testid="current-company" ellipsis style={{ minWidth: 0 }}>
          {profile.company.name}
        </Typography.Text>
      )}
      <div style={{ flex: 1 }} />
      <AccountChip compact={!desktop} />
      <CompanySwitcher />
      <LanguageMenu showLabel={desktop} />
      <UserMenu compact={!desktop} />
    </Layout.Header>
  );
}
