import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page that failed to load (a chunk that never came, a render error): say
 * so and offer a reload. Plain markup: this sits in the entry chunk, and
 * antd's Result would bring its illustrations along.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ maxWidth: 480, margin: '15vh auto', padding: 24, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, fontWeight: 600 }}>{t('routeError.title')}</h1>
      <p>{t('routeError.subtitle')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </div>
  );
}
