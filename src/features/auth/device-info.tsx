import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceInfo } from './api/device';

/** Device id and licence key, when the desktop shell knows them (staff read them out to support). */
export function DeviceInfo() {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const { data: device } = useDeviceInfo();
  if (!device) return null;
  const term = { color: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const value = { margin: '0 0 8px', fontFamily: token.fontFamilyCode, wordBreak: 'break-all' as const, userSelect: 'all' as const };
  return (
    <section data-testid="device-info" aria-label={t('login.deviceInfo')} style={{ marginTop: 16, borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 12 }}>
      <dl style={{ margin: 0 }}>
        <dt style={term}>{t('login.deviceId')}</dt>
        <dd style={value}>{device.deviceId}</dd>
        <dt style={term}>{t('login.licenceKey')}</dt>
        <dd style={value}>{device.licenceKey ?? t('login.licencePending')}</dd>
      </dl>
    </section>
  );
}
