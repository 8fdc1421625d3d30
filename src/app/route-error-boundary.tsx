import { useTranslation } from 'react-i18next';
import '../components/plain/plain.css';

/**
 * A page that failed to load (a chunk that never came, a render error): say
 * so and offer a reload. Plain markup: this sits in the entry chunk, which
 * loads no antd.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="pl-notice">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.subtitle')}</p>
      <button type="button" className="pl-btn pl-btn-primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </div>
  );
}
