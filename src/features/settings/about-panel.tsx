import { CloudDownloadOutlined } from '@ant-design/icons';
import type { DeviceInfo } from '@agent-portal/contract';
import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../lib/bridge';

/** Version, platform, a downloaded update, and this device's id, status and licence key. */
export function AboutPanel({ app, device }: { app: AppInfo | null; device: DeviceInfo | null }) {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const code = { fontFamily: 'monospace', wordBreak: 'break-all' as const };
  return (
    <>
      {app?.updateAvailable && (
        <Alert
          data-testid="update-available"
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          icon={<CloudDownloadOutlined />}
          title={t('about.updateAvailable', { version: app.updateAvailable })}
          description={t('about.updateDetail')}
        />
      )}
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 180 } }}>
        <Descriptions.Item label={t('about.version')}>
          <span data-testid="app-version">{app?.version ?? t('common:notAvailable')}</span>
          {app && !app.updateAvailable && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {t('about.upToDate')}
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
