/**
 * The ticket to migrate: its PNR and PIN. Only a sold or open reservation
 * moves; the agent then picks a trip of the same route and as many seats.
 */
import { Form, Input, Modal } from 'antd';
import { ReservationStatus } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reservationByPnrAndPin } from '../../../lib/queries/reservation';
import { reservationStatusKey } from '../../../components/reservation-status-tag';
import type { MigrationSource } from '../model/sale';
import { pinInput, pnrInput } from '../../../lib/digits';

interface Props {
  open: boolean;
  onCancel: () => void;
  onFound: (source: MigrationSource) => void;
}

const MOVABLE: readonly number[] = [ReservationStatus.SOLD, ReservationStatus.OPEN];

export function MigrateSourceModal({ open, onCancel, onFound }: Props) {
  const { t } = useTranslation('reservation');
  const { t: te } = useTranslation('errors');
  const [form] = Form.useForm<{ pnr: string; pin: string }>();
  const [loading, setLoading] = useState(false);

  const submit = async ({ pnr, pin }: { pnr: string; pin: string }) => {
    setLoading(true);
    try {
      const reservation = await reservationByPnrAndPin(pnr.trim().toUpperCase(), pin.trim());
      if (!MOVABLE.includes(reservation.status)) {
        // Not an API error but the screen's own rule about this PNR: under its field.
        form.setFields([
          { name: 'pnr', errors: [t('migrate.notMovable', { status: t(reservationStatusKey(reservation.status)) })] },
        ]);
        return;
      }
      onFound({ reservation, pin: pin.trim() });
      form.resetFields();
    } catch {
      // A wrong PNR or PIN is a toast (callApi).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('migrate.title')}
      okText={t('migrate.find')}
      cancelText={t('common:actions.back')}
      confirmLoading={loading}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} name="migrate-source" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="pnr"
          label={t('common:fields.pnr')}
          normalize={pnrInput}
          rules={[
            { required: true, message: te('PNR_REQUIRED') },
            { pattern: /^[A-Za-z0-9]{10}$/, message: t('migrate.errors.pnrInvalid') },
          ]}
        >
          <Input autoFocus autoComplete="off" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="pin"
          label={t('common:fields.pin')}
          normalize={pinInput}
          rules={[
            { required: true, message: te('PIN_REQUIRED') },
            { pattern: /^\d{6}$/, message: t('common:fields.pinFormat') },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
