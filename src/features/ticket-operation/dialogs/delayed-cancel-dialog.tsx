import { Alert, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { useDelayedCancelReasons } from '../api/delayed-cancel-reasons';
import { NoAnswerHint } from './operation-error';
import { OperationModal } from './operation-modal';

interface Props {
  pending: boolean;
  onSubmit: (request: { reasonId: number; remarks?: string }) => Promise<void>;
  onClose: () => void;
}

/** Past the cancellation cut-off, before departure: ask the operator to approve a cancel. */
export function DelayedCancelDialog({ pending, onSubmit, onClose }: Props) {
  const { t, i18n } = useTranslation('ticket-operation');
  const { data: reasons, isLoading } = useDelayedCancelReasons(true);
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  // A second click before React re-renders the busy button must not file a second request.
  const sending = useRef(false);
  const submitting = pending;

  const submit = async () => {
    if (reasonId === null || sending.current) return;
    sending.current = true;
    setError(null);
    try {
      await onSubmit({ reasonId, remarks: remarks.trim() || undefined });
      onClose();
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      sending.current = false;
    }
  };

  return (
    <OperationModal
      title={t('delayed.title')}
      okText={t('delayed.ok')}
      pending={submitting}
      okDisabled={reasonId === null}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('delayed.explain')} />
      <Form layout="vertical">
        <Form.Item label={t('common:fields.reason')} htmlFor="delayed-reason" required>
          <Select<number>
            id="delayed-reason"
            loading={isLoading}
            value={reasonId ?? undefined}
            onChange={setReasonId}
            placeholder={t('delayed.reasonPlaceholder')}
            options={(reasons ?? []).map((r) => ({
              value: r.id,
              label: i18n.language === 'bn' && r.reasonBn ? r.reasonBn : r.reason,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('common:fields.remarks')} htmlFor="delayed-remarks">
          <Input.TextArea
            id="delayed-remarks"
            maxLength={300}
            showCount
            rows={3}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </Form.Item>
      </Form>
      <NoAnswerHint error={error} />
    </OperationModal>
  );
}
