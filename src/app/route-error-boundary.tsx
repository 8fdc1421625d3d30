import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page that failed to load (a chunk that never came, a render error): offer a reload. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={t('routeError.title')}
      subTitle={t('routeError.subtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}
