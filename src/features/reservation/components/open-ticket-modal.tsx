/**
 * An open ticket: a route, origin and destination stops of it, a seat type
 * and a number of seats, without trip or seat. The passenger comes from the
 * passenger form; the preview follows. The server quotes the fare as soon
 * as the ticket is fully described (there is no seat map to read it from);
 * a route it will not sell on is refused here, before the preview.
 */
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import {
  MAX_SEATS_PER_RESERVATION,
  SEAT_TYPES,
  type FareQuoteRequestOf,
  type Route,
  type SeatType,
} from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api/api-error';
import { useFareQuote } from '../api/fare-quote';
import { PICKER_SEARCH, placeNames } from '../../../lib/search-match';
import { useAgentCities, useAgentRoutes } from '../api/lookups';
import { useMoney } from '../hooks/use-display';

export interface OpenTicketValues {
  routeId: number;
  originStationId: number;
  destinationStationId: number;
  seatType: SeatType;
  seatCount: number;
  couponCode?: string;
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
  const { data: cities = [] } = useAgentCities(companyId);
  // A route's stops carry one name each: the cities' two names let "ঢা" find a stop in Dhaka too.
  const cityNames = new Map(cities.map((c) => [c.id, placeNames(c)]));
  const stopOption = (s: (typeof stops)[number]) => ({
    value: s.stationId,
    label: `${s.name} (${s.cityName})`,
    search: [s.name, s.cityName, ...(cityNames.get(s.cityId) ?? [])],
  });
  const routeId = Form.useWatch('routeId', form);
  const originId = Form.useWatch('originStationId', form);
  const route = routes.find((r) => r.id === routeId);
  const stops = route?.stations ?? [];
  const originIndex = stops.findIndex((s) => s.stationId === originId);
  const destinationId = Form.useWatch('destinationStationId', form);
  const seatType = Form.useWatch('seatType', form);
  const seatCount = Form.useWatch('seatCount', form);
  const money = useMoney();
  // The coupon needs the passenger's phone: the preview applies it; here the fare alone.
  const request: FareQuoteRequestOf<'OPEN'> | null =
    open && route && originId && destinationId && seatType && seatCount
      ? {
          companyId,
          kind: 'OPEN',
          routeId: route.id,
          originStationId: originId,
          destinationStationId: destinationId,
          seatType,
          seatCount,
        }
      : null;
  const quote = useFareQuote(request, { keepPrevious: true });
  const quoteError = request && quote.isError ? toApiError(quote.error) : null;

  return (
    <Modal
      open={open}
      title={t('openTicket.title')}
      okText={t('openTicket.continue')}
      cancelText={t('common:actions.back')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: quoteError !== null }}
      destroyOnHidden
    >
      <Form<OpenTicketValues>
        form={form}
        name="open-ticket"
        layout="vertical"
        initialValues={{ seatCount: 1 }}
        onValuesChange={(changed: Partial<OpenTicketValues>) => {
          if ('routeId' in changed)
            form.setFieldsValue({ originStationId: undefined, destinationStationId: undefined });
          if ('originStationId' in changed) form.setFieldValue('destinationStationId', undefined);
        }}
        onFinish={(values) => route && onContinue(values, route)}
      >
        <Form.Item
          name="routeId"
          label={t('common:fields.route')}
          rules={[{ required: true, message: t('openTicket.errors.routeRequired') }]}
        >
          <Select
            showSearch={PICKER_SEARCH}
            options={routes.map((r) => ({
              value: r.id,
              label: r.name,
              search: [r.name, r.code, ...r.stations.flatMap((s) => cityNames.get(s.cityId) ?? [s.cityName])],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="originStationId"
          label={t('openTicket.origin')}
          rules={[{ required: true, message: t('openTicket.errors.originRequired') }]}
        >
          <Select showSearch={PICKER_SEARCH} disabled={!route} options={stops.slice(0, -1).map(stopOption)} />
        </Form.Item>
        <Form.Item
          name="destinationStationId"
          label={t('openTicket.destination')}
          rules={[{ required: true, message: t('openTicket.errors.destinationRequired') }]}
        >
          <Select
            showSearch={PICKER_SEARCH}
            disabled={originIndex < 0}
            options={stops.slice(originIndex + 1).map(stopOption)}
          />
        </Form.Item>
        <Form.Item
          name="seatType"
          label={t('common:fields.seatType')}
          rules={[{ required: true, message: t('openTicket.errors.seatTypeRequired') }]}
        >
          <Select
            showSearch={PICKER_SEARCH}
            options={SEAT_TYPES.map((s) => ({ value: s, label: t(`seatType.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="seatCount"
          label={t('openTicket.seatCount')}
          rules={[{ required: true, message: t('openTicket.errors.seatCountRequired') }]}
        >
          <InputNumber min={1} max={MAX_SEATS_PER_RESERVATION} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="couponCode" label={t('openTicket.couponCode')}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
      </Form>
      <div aria-live="polite">
        {request && quoteError && (
          // The reason is the toast callApi raised; here only that no fare (and no sale) comes of this choice.
          <Alert type="error" showIcon role="alert" title={t('preview.quoteFailed')} />
        )}
        {request && !quoteError && (
          <Alert
            type="info"
            showIcon
            title={
              quote.data && !quote.isPlaceholderData
                ? t('openTicket.fareValue', {
                    count: quote.data.seats.length,
                    fare: money(quote.data.seats[0]?.fare ?? 0),
                    total: money(quote.data.fare),
                  })
                : t('preview.quotingFare')
            }
          />
        )}
      </div>
    </Modal>
  );
}
