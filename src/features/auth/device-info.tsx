import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceInfo } from './api/device';

/** Device id and licence key, when the desktop shell knows them (staff read them out to support). */
export function DeviceInfo() {
  const { t } = useTranslation('auth');
  const { data: device } = useDeviceInfo();
  if (!device) return null;
  return (
    <div data-testid="device-info" style={{ marginTop: 16 }}>
      <Descriptions
        size="small"
        column={1}
        title={t('login.deviceInfo')}
        items={[
          { key: 'id', label: t('login.deviceId'), children: <Typography.Text copyable>{device.deviceId}</Typography.Text> },
          {
            key: 'licence',
            label: t('login.licenceKey'),
            children: device.licenceKey ? (
              <Typography.Text copyable>{device.licenceKey}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('login.licencePending')}</Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
