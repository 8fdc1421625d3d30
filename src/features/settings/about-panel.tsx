import { CloudDownloadOutlined } from '@ant-design/icons';
import type { DeviceInfo } from '@agent-portal/contract';
import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../lib/bridge';
import { pendingUpdate } from '../../lib/update-notice';

/**
 * Version, platform, a newer version, and this device's id, status and licence
 * key. The update notice promises an install on quit only where the shell
 * installs updates (updateMode install); where it only announces them
 * (notify) it sends the agent to support; with updates off it says so instead
 * of claiming this is the latest version.
 */
export function AboutPanel({ app, device }: { app: AppInfo | null; device: DeviceInfo | null }) {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const code = { fontFamily: 'monospace', wordBreak: 'break-all' as const };
  const update = pendingUpdate(app);
  return (
    <>
      {update && (
        <Alert
          data-testid="update-available"
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          icon={<CloudDownloadOutlined />}
          title={t(update.installsOnQuit ? 'about.updateAvailable' : 'about.updateNotify', { version: update.version })}
          description={t(update.installsOnQuit ? 'about.updateDetail' : 'about.updateNotifyDetail')}
        />
      )}
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 180 } }}>
        <Descriptions.Item label={t('about.version')}>
          <span data-testid="app-version">{app?.version ?? t('common:notAvailable')}</span>
          {app && !update && (
            <Typography.Text type="secondary" data-testid="update-state" style={{ marginInlineStart: 8 }}>
              {t(app.updateMode === 'off' ? 'about.updatesOff' : 'about.upToDate')}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('about.platform')}>{app?.platform ?? t('common:notAvailable')}</Descriptions.Item>
        {device && (
          <>
            <Descriptions.Item label={t('about.deviceId')}>
              <span style={code}>{device.deviceId}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('about.deviceStatus')}>
              {t(`common:device.statuses.${device.status ?? 'UNREGISTERED'}`)}
              {device.registrationError && (
                <Typography.Text type="danger" style={{ display: 'block' }}>
                  {t(`errors:${device.registrationError}`, { defaultValue: t('errors:UNKNOWN_ERROR') })}
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('about.licenceKey')}>
              <span style={code}>{device.licenceKey ?? t('about.licencePending')}</span>
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
    </>
  );
}
