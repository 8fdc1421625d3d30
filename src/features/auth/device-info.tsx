import { useQuery } from '@tanstack/react-query';
import type { DeviceInfo as Device } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../../lib/api/error-messages';
import { deviceInfoQueryOptions } from './api/device';
import './auth.css';

/** While the shell is still registering (or retrying), ask again so the panel follows it. */
const REFRESH_MS = 15_000;
const settled = (device: Device | null | undefined) =>
  !device || (device.status === 'APPROVED' && !device.registrationError);

/**
 * Device id, registration status and licence key, when the desktop shell
 * knows them (staff read them out to support); a failed registration shows its
 * reason (the shell keeps retrying and never blocks sign-in).
 */
export function DeviceInfo() {
  const { t } = useTranslation(['auth', 'common']);
  const { data: device } = useQuery({
    ...deviceInfoQueryOptions(),
    refetchInterval: (query) => (settled(query.state.data) ? false : REFRESH_MS),
  });
  if (!device) return null;
  return (
    <section aria-label={t('login.deviceInfo')} className="device-info">
      <dl>
        <dt>{t('common:device.id')}</dt>
        <dd className="device-info-code">{device.deviceId}</dd>
        <dt>{t('common:device.licenceKey')}</dt>
        <dd className={device.licenceKey ? 'device-info-code' : undefined}>
          {device.licenceKey ?? t('common:device.licencePending')}
        </dd>
        <dt>{t('common:device.status')}</dt>
        <dd>{t(`common:device.statuses.${device.status ?? 'UNREGISTERED'}`)}</dd>
      </dl>
      {device.registrationError && (
        <div role="status" className="device-info-error">
          <div>{reasonMessage(device.registrationError)}</div>
          <div>{t('common:device.retrying')}</div>
        </div>
      )}
    </section>
  );
}
