import { Descriptions, Form } from 'antd';
import type { Reservation } from '@agent-portal/contract';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../components/date-picker';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { formatDate, fromCompanyWallTime, now as serverNow, toCompanyWallTime } from '../../../lib/format';
import { disabledTimeOf, latestExpiry } from './extend-limits';
import { NoAnswerHint } from './operation-error';
import { OperationModal } from './operation-modal';

interface Props {
  reservation: Reservation;
  pending: boolean;
  onSubmit: (expirationTime: string) => Promise<boolean>;
  onClose: () => void;
}

const EXTRA_MINUTES = 30;

/**
 * A new expiry between now and 60 minutes before boarding; the suggestion is
 * 30 minutes more. The picker shows and takes the company's wall time, whatever
 * the PC's zone; the server gets the instant it names.
 */
export function ExtendDialog({ reservation: r, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation('ticket-operation');
  const [error, setError] = useState<ApiError | null>(null);
  const [serverLatest, setServerLatest] = useState<string | null>(null);
  // The time the server refused (INVALID_EXPIRATION_TIME): said under the field until another is picked.
  const [refused, setRefused] = useState<Dayjs | null>(null);
  const latestInstant = serverLatest ?? (r.boardingTime ? latestExpiry(r.boardingTime) : serverNow());
  const latest = toCompanyWallTime(latestInstant);
  const now = toCompanyWallTime(serverNow());
  const current = r.expirationTime ? toCompanyWallTime(r.expirationTime) : now;
  const suggestion = current.add(EXTRA_MINUTES, 'minute');
  const [value, setValue] = useState<Dayjs | null>(() =>
    (suggestion.isAfter(latest) ? latest : suggestion).second(0).millisecond(0),
  );
  const tooLate = value !== null && (value.isAfter(latest) || !value.isAfter(now));
  const refusedNow = !tooLate && refused !== null && value !== null && value.isSame(refused);
  const timeHelp = tooLate
    ? t('extend.outOfRange')
    : refusedNow
      ? t('extend.invalid', { latest: formatDate(latestInstant, 'dateTime') })
      : undefined;

  const submit = async () => {
    if (!value || tooLate) return;
    setError(null);
    setRefused(null);
    try {
      if (await onSubmit(fromCompanyWallTime(value).toISOString())) onClose();
    } catch (caught) {
      // The refusal itself is a toast (callApi); a refused time also shows under its field.
      const apiError = toApiError(caught);
      if (apiError.reason === 'INVALID_EXPIRATION_TIME') {
        setRefused(value);
        // The server's own limit, when it differs from the default this screen assumed.
        if (typeof apiError.details?.latest === 'string') setServerLatest(apiError.details.latest);
      }
      setError(apiError);
    }
  };

  return (
    <OperationModal
      title={t('extend.title')}
      okText={t('extend.ok')}
      pending={pending}
      okDisabled={!value || tooLate}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('common:fields.bookingExpires')}>
          {formatDate(r.expirationTime, 'dateTime')}
        </Descriptions.Item>
        <Descriptions.Item label={t('extend.latest')}>{formatDate(latestInstant, 'dateTime')}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical">
        <Form.Item
          label={t('extend.newTime')}
          htmlFor="extend-expiration"
          validateStatus={timeHelp ? 'error' : undefined}
          help={timeHelp}
        >
          <DateTimePicker
            id="extend-expiration"
            value={value}
            onChange={(next) => setValue(next)}
            minDate={now.startOf('day')}
            maxDate={latest}
            disabledTime={(day) => disabledTimeOf(day, now, latest)}
            needConfirm={false}
            allowClear={false}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      <NoAnswerHint error={error} />
    </OperationModal>
  );
}
