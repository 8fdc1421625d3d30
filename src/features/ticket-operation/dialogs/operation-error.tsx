import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api/api-error';
import { isNoAnswer } from '../../../lib/idempotency';

/**
 * A failed operation is a toast (callApi), like every API error. When no
 * answer came back, the dialog also says, where the agent clicked, that
 * trying again is safe; it does not repeat the reason.
 */
export function NoAnswerHint({ error }: { error: ApiError | null }) {
  const { t } = useTranslation('ticket-operation');
  if (!error || !isNoAnswer(error)) return null;
  return <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('errors.noAnswer')} />;
}
