import { Alert, Descriptions, Typography } from 'antd';
import { ReservationAction, type Reservation } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { cancelQuote, type CancelQuote } from '../cancel-quote';
import type { CancelAction } from '../offered-actions';
import { useMoney } from '../use-money';
import { NoAnswerHint } from './operation-error';
import { OperationModal } from './operation-modal';

interface Props {
  reservation: Reservation;
  action: CancelAction;
  /** The seats to cancel; null for the whole reservation. */
  seats: string[] | null;
  pending: boolean;
  /** Sends the cancel; resolves false when nothing was sent (a second click). */
  onSubmit: (returnAmount: number | undefined) => Promise<boolean>;
  /** The server refused: the reservation changed (new fine band, cut-off passed). */
  onRefused: (error: ApiError) => void;
  onClose: () => void;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The server's own figures in a RETURN_AMOUNT_MISMATCH answer. */
function serverQuote(error: ApiError, shown: CancelQuote): CancelQuote | null {
  const returnAmount = num(error.details?.returnAmount);
  const fine = num(error.details?.fine);
  return returnAmount === null || fine === null ? null : { ...shown, fine, returnAmount };
}

/**
 * Shows what the cancel costs and returns BEFORE it happens, and sends the
 * return amount shown. When the server's figure differs (the clock crossed
 * a fine band), it shows the server's new figures and asks again.
 */
export function CancelDialog({ reservation, action, seats, pending, onSubmit, onRefused, onClose }: Props) {
  const { t } = useTranslation('ticket-operation');
  const money = useMoney();
  const [override, setOverride] = useState<CancelQuote | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const quote = override ?? cancelQuote(reservation, seats);
  const sold = action === ReservationAction.CANCEL_TICKET;

  const submit = async () => {
    setError(null);
    try {
      if (await onSubmit(sold ? quote.returnAmount : undefined)) onClose();
    } catch (caught) {
      const apiError = toApiError(caught);
      const fresh = apiError.reason === 'RETURN_AMOUNT_MISMATCH' ? serverQuote(apiError, quote) : null;
      if (fresh) setOverride(fresh);
      setError(apiError);
      onRefused(apiError);
    }
  };

  return (
    <OperationModal
      title={t(`cancel.title.${action}`)}
      okText={t(`cancel.ok.${action}`)}
      pending={pending}
      danger
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>
        {seats
          ? t('cancel.someSeats', { seats: quote.seats.join(', ') })
          : t('cancel.wholeReservation', { pnr: reservation.pnr, seats: quote.seats.join(', ') })}
      </Typography.Paragraph>
      {sold ? (
        <Descriptions size="small" bordered column={1}>
          <Descriptions.Item label={t('fields.netFare')}>{money(quote.net)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.fine')}>
            <span>{money(quote.fine)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.returnAmount')}>
            <Typography.Text strong>{money(quote.returnAmount)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon title={t('cancel.noRefund')} />
      )}
      {override && <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('cancel.figuresChanged')} />}
      <NoAnswerHint error={error} />
    </OperationModal>
  );
}
