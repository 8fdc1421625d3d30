/**
 * The chosen trip: boarding and dropping points (which set the segment the
 * seat map shows), reporting and arrival times, a linked coach, the seat map
 * with its refresh, and how long the held seats stay held.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Empty, Form, Row, Select, Space, Spin } from 'antd';
import type { TripDetails } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { memo, type Ref } from 'react';
import type { SeatInfo, SeatMapHandle } from '../seat-map';
import { useStationName } from '../hooks/use-display';
import { SeatMapPanel } from './seat-map-panel';
import { PICKER_SEARCH, placeNames } from '../../../lib/search-match';

interface Props {
  details: TripDetails | undefined;
  loading: boolean;
  fetching: boolean;
  boardingId: number | null;
  droppingId: number | null;
  onBoarding: (stationId: number) => void;
  onDropping: (stationId: number) => void;
  onRefresh: () => void;
  canPickSeats: boolean;
  maxSelectable: number;
  onToggle: (seat: string) => void;
  onInspect: (seat: SeatInfo) => void;
  seatMapRef?: Ref<SeatMapHandle>;
}

export function TripDetailsTab(props: Props) {
  const { t } = useTranslation('reservation');
  const { details } = props;
  if (props.loading) return <Spin />;
  if (!details) return <Empty description={t('details.pickTrip')} />;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <TripStops
        trip={details.trip}
        arrival={details.arrival}
        boardingPoints={details.boardingPoints}
        droppingPoints={details.droppingPoints}
        boardingId={props.boardingId}
        droppingId={props.droppingId}
        onBoarding={props.onBoarding}
        onDropping={props.onDropping}
      />
      {details.linkedCoach && (
        <Alert
          type="info"
          showIcon
          title={t('details.linkedCoach', { coach: details.linkedCoach.coachCode })}
          description={details.linkedCoach.note || undefined}
        />
      )}
      <Button
        icon={<ReloadOutlined spin={props.fetching} />}
        onClick={props.onRefresh}
        aria-keyshortcuts="Alt+R"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('details.refresh')}
      </Button>
      {!props.canPickSeats && <Alert type="info" showIcon title={t('details.viewOnly')} />}
      <SeatMapPanel
        decks={details.decks}
        driverSide={details.driverSide}
        maxSelectable={props.maxSelectable}
        onToggle={props.onToggle}
        onInspect={props.onInspect}
        seatMapRef={props.seatMapRef}
      />
    </Space>
  );
}

type StopsProps = Pick<TripDetails, 'trip' | 'arrival' | 'boardingPoints' | 'droppingPoints'> &
  Pick<Props, 'boardingId' | 'droppingId' | 'onBoarding' | 'onDropping'>;

/**
 * The boarding and dropping pickers and the trip's times. Memoised: a seat event of the trip changes its seats, not
 * its stops (the query cache keeps the unchanged parts of the details the same objects), so only the seat map draws.
 */
const TripStops = memo(function TripStops(props: StopsProps) {
  const { t } = useTranslation('reservation');
  const stationName = useStationName();
  const boardingIndex = props.boardingPoints.findIndex((b) => b.stationId === props.boardingId);
  const boarding = props.boardingPoints[boardingIndex];
  // Only stops after the boarding point can be a dropping point.
  const droppings = props.droppingPoints.filter((_, i) => i >= boardingIndex);
  const dropping = props.droppingPoints.find((d) => d.stationId === props.droppingId);

  const info = [
    {
      key: 'coach',
      label: t('common:fields.coach'),
      children: `${props.trip.coachCode} · ${props.trip.coachType}`,
    },
    { key: 'route', label: t('common:fields.route'), children: props.trip.routeName },
    ...(boarding
      ? [
          { key: 'departure', label: t('details.departure'), children: formatDate(boarding.time, 'dateTime') },
          {
            key: 'reporting',
            label: t('common:fields.reportingTime'),
            children: formatDate(boarding.reportingTime, 'time'),
          },
        ]
      : []),
    ...(dropping
      ? [{ key: 'dropping', label: t('details.droppingTime'), children: formatDate(dropping.time, 'dateTime') }]
      : []),
    {
      key: 'arrival',
      label: t('details.arrival'),
      children: `${stationName(props.arrival)} · ${formatDate(props.arrival.time, 'dateTime')}`,
    },
  ];

  return (
    <>
      <Form layout="vertical" component={false}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label={t('details.boardingPoint')} htmlFor="reservation-boarding">
              <Select
                id="reservation-boarding"
                value={props.boardingId ?? undefined}
                onChange={props.onBoarding}
                showSearch={PICKER_SEARCH}
                options={props.boardingPoints.map((b) => ({
                  value: b.stationId,
                  search: placeNames(b),
                  label: t('details.boardingOption', {
                    name: stationName(b),
                    time: formatDate(b.time, 'time'),
                    reporting: formatDate(b.reportingTime, 'time'),
                  }),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('details.droppingPoint')} htmlFor="reservation-dropping">
              <Select
                id="reservation-dropping"
                value={props.droppingId ?? undefined}
                onChange={props.onDropping}
                showSearch={PICKER_SEARCH}
                options={droppings.map((d) => ({
                  value: d.stationId,
                  search: placeNames(d),
                  label: `${stationName(d)} · ${formatDate(d.time, 'time')}`,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Descriptions size="small" column={{ xs: 1, sm: 2, xxl: 3 }} items={info} />
    </>
  );
});
