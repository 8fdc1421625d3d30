/**
 * The standing maintenance banner on every screen of the portal: shown while
 * the operator's switch is on (lib/maintenance), with the operator's message
 * in Bengali on a Bengali screen when one was given, else as given.
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMaintenanceStore } from '../lib/maintenance/maintenance-store';
import { useMaintenancePoll } from '../lib/maintenance/use-maintenance-poll';

export function MaintenanceBanner() {
  const { t, i18n } = useTranslation();
  useMaintenancePoll();
  const { on, message, messageBn } = useMaintenanceStore();
  if (!on) return null;
  const text = (i18n.language === 'bn' && messageBn) || message;
  return (
    <div style={{ marginBottom: 16 }}>
      <Alert
        type="error"
        showIcon
        role="alert"
        aria-label={t('maintenance.title')}
        title={t('maintenance.title')}
        description={text ?? t('maintenance.noMessage')}
      />
    </div>
  );
}
