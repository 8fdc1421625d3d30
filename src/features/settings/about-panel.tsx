import { CloudDownloadOutlined } from '@ant-design/icons';
import type { DeviceInfo } from '@agent-portal/contract';
import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../lib/bridge';
import { pendingUpdate, updateCheckFailed, type UpdateNoticeKind } from '../../lib/update-notice';

/** The update notice's words by where the newer version stands (update-notice.ts). */
const ABOUT_TEXT = {
  ready: { title: 'about.updateReady', detail: 'about.updateReadyDetail' },
  downloading: { title: 'about.updateDownloading', detail: 'about.updateDownloadingDetail' },
  failed: { title: 'about.updateFailed', detail: 'about.updateFailedDetail' },
  notify: { title: 'about.updateNotify', detail: 'about.updateNotifyDetail' },
} as const satisfies Record<UpdateNoticeKind, { title: string; detail: string }>;

/**
 * Version, platform, a newer version, and this device's id, status and licence
 * key. The update notice promises an install on quit only where the shell
 * installs updates (updateMode install) and has downloaded the new version
 * (state ready); before that it says it is downloading, after a failed
 * download that it could not be downloaded; where the shell only announces
 * updates (notify) it sends the agent to support. With updates off, or when
 * the last check failed, it says so instead of claiming this is the latest
 * version. It also says how a remembered sign-in is kept on this computer
 * (the OS key store, or, on a Linux without a key ring, a fixed key or no
 * encryption at all) and why.
 */
export function AboutPanel({ app, device }: { app: AppInfo | null; device: DeviceInfo | null }) {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const code = { fontFamily: 'monospace', wordBreak: 'break-all' as const };
  const update = pendingUpdate(app);
  return (
    <>
      {update && (
        <Alert
          style={{ marginBottom: 16 }}
          type={update.kind === 'failed' ? 'warning' : 'info'}
          showIcon
          icon={<CloudDownloadOutlined />}
          title={t(ABOUT_TEXT[update.kind].title, { version: update.version })}
          description={t(ABOUT_TEXT[update.kind].detail)}
        />
      )}
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 180 } }}>
        <Descriptions.Item label={t('about.version')}>
          {/* A version is a code, written as released: data-code lets the Bengali digit check pass it. */}
          <span data-code>{app?.version ?? t('common:notAvailable')}</span>
          {app && !update && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {t(
                app.updateMode === 'off'
                  ? 'about.updatesOff'
                  : updateCheckFailed(app)
                    ? 'about.checkFailed'
                    : 'about.upToDate',
              )}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('about.platform')}>{app?.platform ?? t('common:notAvailable')}</Descriptions.Item>
        {app?.sessionProtection && (
          <Descriptions.Item label={t('about.sessionProtection')}>
            <div>
              <Typography.Text type={app.sessionProtection === 'os-key-store' ? undefined : 'warning'} strong>
                {t(`about.protection.${app.sessionProtection}.title`)}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t(`about.protection.${app.sessionProtection}.detail`)}
              </Typography.Paragraph>
            </div>
          </Descriptions.Item>
        )}
        {device && (
          <>
            <Descriptions.Item label={t('common:device.id')}>
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
            <Descriptions.Item label={t('common:device.licenceKey')}>
              <span style={code}>{device.licenceKey ?? t('common:device.licencePending')}</span>
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
    </>
  );
}
