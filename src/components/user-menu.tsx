import { CloudDownloadOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isDesktop } from '../lib/bridge';
import { useAppInfo } from '../lib/queries/app-info';
import { useProfile } from '../lib/queries/profile';
import { logout } from '../lib/session';
import { pendingUpdate, type UpdateNoticeKind } from '../lib/update-notice';

/** The update notice's words by where the newer version stands (update-notice.ts). */
const MENU_TEXT = {
  ready: { title: 'topBar.updateReady', detail: 'topBar.updateReadyDetail' },
  downloading: { title: 'topBar.updateDownloading', detail: 'topBar.updateDownloadingDetail' },
  failed: { title: 'topBar.updateFailed', detail: 'topBar.updateFailedDetail' },
  notify: { title: 'topBar.updateAvailable', detail: 'topBar.updateAvailableDetail' },
} as const satisfies Record<UpdateNoticeKind, { title: string; detail: string }>;

/**
 * Username and agent name, with Profile, Change password and Log out; in the
 * desktop shell also Settings, and a notice when a newer version is out (a dot
 * on the avatar): "ready, installs when you close the app" only once the shell
 * has downloaded it (updateMode install, state ready), "downloading" before
 * that, "could not be downloaded" after a failed download, else "ask your
 * support team" (notify); nothing when updates are off.
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
                    <span>
                      <div>{t(MENU_TEXT[update.kind].title, { version: update.version })}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t(MENU_TEXT[update.kind].detail)}
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
      <Button type="text" aria-label={t('topBar.userMenu')} style={{ height: 'auto', paddingBlock: 4 }}>
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
