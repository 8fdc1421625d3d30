import { CloudDownloadOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isDesktop } from '../lib/bridge';
import { useAppInfo } from '../lib/queries/app-info';
import { useProfile } from '../lib/queries/profile';
import { logout } from '../lib/session';
import { pendingUpdate } from '../lib/update-notice';

/**
 * Username and agent name, with Profile, Change password and Log out; in the
 * desktop shell also Settings, and a notice when a newer version is out (a dot
 * on the avatar): "installs when you close the app" only where the shell
 * installs it (updateMode install), else "ask your support team" (notify);
 * nothing when updates are off.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const desktop = isDesktop();
  const update = pendingUpdate(useAppInfo().data);

  const onClick = ({ key }: { key: string }) => {
    if (key === 'profile') void navigate('/profile');
    if (key === 'change-password') void navigate('/change-password');
    if (key === 'settings' || key === 'update') void navigate('/settings');
    if (key === 'logout') void logout();
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        onClick,
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <div>
                <div>{profile?.username}</div>
                <Typography.Text type="secondary">{profile?.agent.name}</Typography.Text>
              </div>
            ),
          },
          { type: 'divider' },
          { key: 'profile', icon: <UserOutlined aria-hidden />, label: t('topBar.profile') },
          { key: 'change-password', icon: <KeyOutlined aria-hidden />, label: t('topBar.changePassword') },
          ...(desktop ? [{ key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('topBar.settings') }] : []),
          ...(desktop && update
            ? [
                {
                  key: 'update',
                  icon: <CloudDownloadOutlined aria-hidden />,
                  label: (
                    <span data-testid="update-notice">
                      <div>{t(update.installsOnQuit ? 'topBar.updateReady' : 'topBar.updateAvailable', { version: update.version })}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t(update.installsOnQuit ? 'topBar.updateReadyDetail' : 'topBar.updateAvailableDetail')}
                      </Typography.Text>
                    </span>
                  ),
                },
              ]
            : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('topBar.logout'), danger: true },
        ],
      }}
    >
      <Button type="text" aria-label={t('topBar.userMenu')} data-testid="user-menu" style={{ height: 'auto', paddingBlock: 4 }}>
        <Badge dot={desktop && update !== null}>
          <Avatar size="small" icon={<UserOutlined />} />
        </Badge>
        {!compact && profile && (
          <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.2 }}>
            <span>{profile.username}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {profile.agent.name}
            </Typography.Text>
          </span>
        )}
      </Button>
    </Dropdown>
  );
}
