import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type Code = '401' | '403' | '404' | '500';

const TITLE_KEYS: Record<Code, string> = {
  '401': 'menu:errors.unauthorized',
  '403': 'menu:errors.forbidden',
  '404': 'menu:errors.notFound',
  '500': 'menu:errors.serverError',
};

/** antd has pictures for 403, 404 and 500; 401 shares the 403 one. */
const STATUS: Record<Code, ResultProps['status']> = { '401': '403', '403': '403', '404': '404', '500': '500' };

function ErrorPage({ code }: { code: Code }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={STATUS[code]}
      title={code}
      subTitle={t(TITLE_KEYS[code])}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}

export const UnauthorizedPage = () => <ErrorPage code="401" />;
export const ForbiddenPage = () => <ErrorPage code="403" />;
export const NotFoundPage = () => <ErrorPage code="404" />;
export const ServerErrorPage = () => <ErrorPage code="500" />;
