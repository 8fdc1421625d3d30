/**
 * An open ticket: a route, origin and destination stops of it, a seat type
 * and a number of seats, without trip or seat. The passenger comes from the
 * passenger form; the preview follows.
 */
import { Form, InputNumber, Modal, Select } from 'antd';
import { MAX_SEATS_PER_RESERVATION, SEAT_TYPES, type Route, type SeatType } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { useAgentRoutes } from '../api/lookups';

export interface OpenTicketValues {
  routeId: number;
  originStationId: number;
  destinationStationId: number;
  seatType: SeatType;
  seatCount: number;
}

interface Props {
  open: boolean;
  companyId: number;
  onCancel: () => void;
  onContinue: (values: OpenTicketValues, route: Route) => void;
}

export function OpenTicketModal({ open, companyId, onCancel, onContinue }: Props) {
  const { t } = useTranslation('reservation');
  const [form] = Form.useForm<OpenTicketValues>();
  const { data: routes = [] } = useAgentRoutes(companyId);
  const routeId = Form.useWatch('routeId', form);
  const originId = Form.useWatch('originStationId', form);
  const route = routes.find((r) => r.id === routeId);
  const stops = route?.stations ?? [];
  const originIndex = stops.findIndex((s) => s.stationId === originId);

  return (
    <Modal
      open={open}
      title={t('openTicket.title')}
      okText={t('openTicket.continue')}
      cancelText={t('preview.back')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<OpenTicketValues>
        form={form}
        name="open-ticket"
        layout="vertical"
        initialValues={{ seatCount: 1 }}
        onValuesChange={(changed: Partial<OpenTicketValues>) => {
          if ('routeId' in changed) form.setFieldsValue({ originStationId: undefined, destinationStationId: undefined });
          if ('originStationId' in changed) form.setFieldValue('destinationStationId', undefined);
        }}
        onFinish={(values) => route && onContinue(values, route)}
      >
        <Form.Item name="routeId" label={t('openTicket.route')} rules={[{ required: true, message: t('openTicket.errors.routeRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={routes.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item name="originStationId" label={t('openTicket.origin')} rules={[{ required: true, message: t('openTicket.errors.originRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} disabled={!route} options={stops.slice(0, -1).map((s) => ({ value: s.stationId, label: `${s.name} (${s.cityName})` }))} />
        </Form.Item>
        <Form.Item
          name="destinationStationId"
          label={t('openTicket.destination')}
          rules={[{ required: true, message: t('openTicket.errors.destinationRequired') }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }}
            disabled={originIndex < 0}
            options={stops.slice(originIndex + 1).map((s) => ({ value: s.stationId, label: `${s.name} (${s.cityName})` }))}
          />
        </Form.Item>
        <Form.Item name="seatType" label={t('openTicket.seatType')} rules={[{ required: true, message: t('openTicket.errors.seatTypeRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={SEAT_TYPES.map((s) => ({ value: s, label: t(`seatType.${s}`) }))} />
        </Form.Item>
        <Form.Item name="seatCount" label={t('openTicket.seatCount')} rules={[{ required: true, message: t('openTicket.errors.seatCountRequired') }]}>
          <InputNumber min={1} max={MAX_SEATS_PER_RESERVATION} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
