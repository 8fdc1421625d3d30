import { Alert, Descriptions, Typography } from 'antd';
import type { Reservation } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import type { ConfirmAction } from '../offered-actions';
import { isActiveSeat } from '../offered-actions';
import { useMoney } from '../use-money';
import { NoAnswerHint } from './operation-error';
import { OperationModal } from './operation-modal';

interface Props {
  reservation: Reservation;
  action: ConfirmAction;
  pending: boolean;
  onSubmit: () => Promise<boolean>;
  onClose: () => void;
}

/** Confirming charges the balance: the amount is shown and confirmed first. */
export function ConfirmDialog({ reservation: r, action, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation('ticket-operation');
  const money = useMoney();
  const [error, setError] = useState<ApiError | null>(null);
  const seats = r.seats.filter(isActiveSeat).map((s) => s.name);

  const submit = async () => {
    setError(null);
    try {
      if (await onSubmit()) onClose();
    } catch (caught) {
      setError(toApiError(caught));
    }
  };

  return (
    <OperationModal
      title={t(`confirm.title.${action}`)}
      okText={t('confirm.ok', { amount: money(r.totalFare) })}
      pending={pending}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={t('common:fields.pnr')}>{r.pnr}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.seats')}>{seats.join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.fare')}>{money(r.fare)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.discount')}>{money(r.discount)}</Descriptions.Item>
        <Descriptions.Item label={t('confirm.charge')}>
          <Typography.Text strong>{money(r.totalFare)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 12 }}
        title={t('confirm.warning', { amount: money(r.totalFare) })}
      />
      <NoAnswerHint error={error} />
    </OperationModal>
  );
}
