import { useQuery } from '@tanstack/react-query';
import type { DeviceInfo as Device } from '@agent-portal/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../../lib/api/error-messages';
import { deviceInfoQueryOptions } from './api/device';

/** While the shell is still registering (or retrying), ask again so the panel follows it. */
const REFRESH_MS = 15_000;
const settled = (device: Device | null | undefined) => !device || (device.status === 'APPROVED' && !device.registrationError);

/**
 * Device id, registration status and licence key, when the desktop shell
 * knows them (staff read them out to support); a failed registration shows its
 * reason (the shell keeps retrying and never blocks sign-in).
 */
export function DeviceInfo() {
  const { t } = useTranslation(['auth', 'common']);
  const { token } = theme.useToken();
  const { data: device } = useQuery({ ...deviceInfoQueryOptions(), refetchInterval: (query) => (settled(query.state.data) ? false : REFRESH_MS) });
  if (!device) return null;
  const term = { color: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const value = { margin: '0 0 8px', fontFamily: token.fontFamilyCode, wordBreak: 'break-all' as const, userSelect: 'all' as const };
  return (
    <section aria-label={t('login.deviceInfo')} style={{ marginTop: 16, borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 12 }}>
      <dl style={{ margin: 0 }}>
        <dt style={term}>{t('common:device.id')}</dt>
        <dd style={value}>{device.deviceId}</dd>
        <dt style={term}>{t('common:device.licenceKey')}</dt>
        <dd style={device.licenceKey ? value : { ...value, fontFamily: 'inherit' }}>{device.licenceKey ?? t('common:device.licencePending')}</dd>
        <dt style={term}>{t('common:device.status')}</dt>
        <dd style={{ ...value, fontFamily: 'inherit' }}>
          {t(`common:device.statuses.${device.status ?? 'UNREGISTERED'}`)}
        </dd>
      </dl>
      {device.registrationError && (
        <div role="status" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
          <div style={{ fontWeight: 600 }}>{reasonMessage(device.registrationError)}</div>
          <div>{t('common:device.retrying')}</div>
        </div>
      )}
    </section>
  );
}
