import { Descriptions, Form, Select, Typography } from 'antd';
import type { Reservation } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { formatDate } from '../../../lib/format';
import type { BoardingPoint } from '../boarding-points';
import { NoAnswerHint } from './operation-error';
import { OperationModal } from './operation-modal';
import { PICKER_SEARCH, placeNames } from '../../../lib/search-match';

interface Props {
  reservation: Reservation;
  current: BoardingPoint;
  /** The stops it may move to: after the current one, before the destination. */
  later: readonly BoardingPoint[];
  pending: boolean;
  onSubmit: (stationId: number) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Change boarding point: the passenger gets on further along the route. The
 * select lists the current stop (not selectable) and the later ones, each
 * with its time in the company's zone; the fare stays as paid.
 */
export function BoardingPointDialog({ reservation: r, current, later, pending, onSubmit, onClose }: Props) {
  const { t, i18n } = useTranslation('ticket-operation');
  const [value, setValue] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const nameOf = (s: { name: string; nameBn: string }) => (i18n.language === 'bn' && s.nameBn ? s.nameBn : s.name);
  const labelOf = (s: BoardingPoint) => `${nameOf(s)} · ${formatDate(s.time, 'dateTime')}`;

  const submit = async () => {
    if (value === null) return;
    setError(null);
    try {
      if (await onSubmit(value)) onClose();
    } catch (caught) {
      // The refusal itself is a toast (callApi); after no answer the hint says trying again is safe.
      setError(toApiError(caught));
    }
  };

  const options = [
    {
      value: current.stationId,
      label: `${labelOf(current)} (${t('boarding.currentTag')})`,
      search: placeNames(current),
      disabled: true,
    },
    ...later.map((s) => ({ value: s.stationId, label: labelOf(s), search: placeNames(s) })),
  ];

  return (
    <OperationModal
      title={t('boarding.title')}
      okText={t('boarding.ok')}
      pending={pending}
      okDisabled={value === null}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('boarding.current')}>
          <span>{labelOf(current)}</span>
        </Descriptions.Item>
        <Descriptions.Item
          label={t('fields.journey')}
        >{`${nameOf(r.origin)} → ${nameOf(r.destination)}`}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical">
        <Form.Item label={t('boarding.newPoint')} htmlFor="boarding-point-select">
          <Select
            id="boarding-point-select"
            value={value ?? undefined}
            placeholder={t('boarding.placeholder')}
            options={options}
            showSearch={PICKER_SEARCH}
            onChange={(next: number) => setValue(next)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('boarding.explain')}
      </Typography.Paragraph>
      <NoAnswerHint error={error} />
    </OperationModal>
  );
}
