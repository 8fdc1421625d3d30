import { useTranslation } from 'react-i18next';
import './plain/plain.css';

/**
 * A page still loading: antd's large Spin drawn in plain markup (the same
 * attributes), since it shows before antd has loaded (start-up, sign-in).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="pl-page-spinner">
      <div className="pl-spin" aria-live="polite" aria-busy="true" aria-label={t('loading')}>
        <i />
        <i />
        <i />
        <i />
      </div>
    </div>
  );
}
