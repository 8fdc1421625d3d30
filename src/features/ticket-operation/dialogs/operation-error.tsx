import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api/api-error';
import { reasonMessage } from '../../../lib/api/error-messages';
import { isNoAnswer } from '../../../lib/idempotency';

/**
 * A refused or unanswered operation, inside its dialog so the agent sees it
 * where they clicked. No answer: say plainly that trying again is safe.
 */
export function OperationError({ error }: { error: ApiError | null }) {
  const { t } = useTranslation('ticket-operation');
  if (!error) return null;
  const noAnswer = isNoAnswer(error);
  return (
    <Alert
      type={noAnswer ? 'warning' : 'error'}
      showIcon
      role="alert"
      style={{ marginTop: 12 }}
      title={reasonMessage(error.reason, error.details)}
      description={noAnswer ? t('errors.noAnswer') : undefined}
    />
  );
}
