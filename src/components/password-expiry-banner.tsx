import { PASSWORD_EXPIRY_WARNING_DAYS } from '../lib/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../lib/queries/profile';
import { useUiStore } from '../stores/ui-store';

export function expiryMessageKey(days: number): 'banner.expiresToday' | 'banner.expiresInDays' {
  return days <= 0 ? 'banner.expiresToday' : 'banner.expiresInDays';
}

/** Shown while the password has 7 days or fewer left, until dismissed. */
export function PasswordExpiryBanner() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const dismissed = useUiStore((s) => s.expiryBannerDismissed);
  const dismiss = useUiStore((s) => s.dismissExpiryBanner);
  if (!profile || dismissed || profile.passwordValidity > PASSWORD_EXPIRY_WARNING_DAYS) return null;
  const days = profile.passwordValidity;
  return (
    <div style={{ marginBottom: 16 }}>
      <Alert
        type="warning"
        showIcon
        title={t(expiryMessageKey(days), { count: days })}
        action={<Link to="/change-password">{t('banner.changeNow')}</Link>}
        closable={{ 'aria-label': t('actions.dismiss'), onClose: dismiss }}
      />
    </div>
  );
}
