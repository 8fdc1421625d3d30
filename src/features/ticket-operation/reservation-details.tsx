import { Descriptions, Grid, Typography, type DescriptionsProps } from 'antd';
import { ReservationStatus, type Reservation } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDate } from '../../lib/format';
import type { BoardingPoint } from './boarding-points';
import { ReservationStatusTag } from '../../components/reservation-status-tag';
import { useMoney } from './use-money';

type Station = Pick<Reservation['origin'], 'name' | 'nameBn'>;

/**
 * Who, where and when: everything an agent reads back to the passenger.
 * `boardingPoint`: the reservation's stop from boardingListByPnr (name in
 * both languages, time); until it is there, the reservation's own origin and
 * boarding time.
 */
export function ReservationDetails({
  reservation: r,
  boardingPoint,
}: {
  reservation: Reservation;
  boardingPoint?: BoardingPoint;
}) {
  const { t, i18n } = useTranslation('ticket-operation');
  const money = useMoney();
  const screens = Grid.useBreakpoint();
  const station = (s: Station) => (i18n.language === 'bn' && s.nameBn ? s.nameBn : s.name);
  const dash = t('common:notAvailable');

  const items: DescriptionsProps['items'] = [
    {
      key: 'pnr',
      label: t('common:fields.pnr'),
      children: (
        <Typography.Text strong copyable style={{ fontFamily: 'monospace' }}>
          {r.pnr}
        </Typography.Text>
      ),
    },
    { key: 'status', label: t('common:fields.status'), children: <ReservationStatusTag status={r.status} /> },
    {
      key: 'coach',
      label: t('common:fields.coach'),
      children: [r.coachCode, r.coachType].filter(Boolean).join(' · ') || dash,
    },
    { key: 'route', label: t('common:fields.route'), children: r.routeName },
    { key: 'journey', label: t('fields.journey'), children: `${station(r.origin)} → ${station(r.destination)}` },
    {
      key: 'tripDate',
      label: t('common:fields.tripDate'),
      children: r.tripDate ? formatDate(r.tripDate, 'date') : dash,
    },
    {
      key: 'boarding',
      label: t('fields.boarding'),
      children: (
        <span>
          {boardingPoint
            ? `${station(boardingPoint)}, ${formatDate(boardingPoint.time, 'time')}`
            : r.boardingTime
              ? `${station(r.origin)}, ${formatDate(r.boardingTime, 'time')}`
              : station(r.origin)}
        </span>
      ),
    },
    {
      key: 'reporting',
      label: t('common:fields.reportingTime'),
      children: r.reportingTime ? formatDate(r.reportingTime, 'dateTime') : dash,
    },
    {
      key: 'arrival',
      label: t('fields.arrivalTime'),
      children: (
        <span>{r.arrivalTime ? `${station(r.destination)}, ${formatDate(r.arrivalTime, 'dateTime')}` : dash}</span>
      ),
    },
    ...(r.expirationTime
      ? [
          {
            key: 'expires',
            label: t('common:fields.bookingExpires'),
            children: <Typography.Text type="warning">{formatDate(r.expirationTime, 'dateTime')}</Typography.Text>,
          },
        ]
      : []),
    { key: 'passenger', label: t('common:fields.passenger'), children: `${r.passenger.name} (${r.passenger.phone})` },
    { key: 'email', label: t('fields.email'), children: <span>{r.passenger.email || dash}</span> },
    { key: 'remarks', label: t('common:fields.remarks'), children: <span>{r.passenger.remarks || dash}</span> },
    {
      key: 'verified',
      label: t('fields.verified'),
      children: <span>{r.verified ? t('common:yes') : t('common:no')}</span>,
    },
    { key: 'outlet', label: t('common:fields.outlet'), children: r.outlet },
    { key: 'agent', label: t('common:fields.agent'), children: r.agentUser },
    { key: 'reserved', label: t('fields.reservationTime'), children: formatDate(r.reservationTime, 'dateTime') },
    ...(r.referencePnr ? [{ key: 'ref', label: t('fields.referencePnr'), children: r.referencePnr }] : []),
    { key: 'prints', label: t('fields.printCount'), children: <span>{formatCount(r.printCount)}</span> },
  ];

  const amounts: DescriptionsProps['items'] = [
    { key: 'fare', label: t('common:fields.fare'), children: money(r.fare) },
    { key: 'discount', label: t('common:fields.discount'), children: money(r.discount) },
    // A sold ticket always has a cancellation quote (a fine and something to
    // return, even when the fine takes it all); any other status shows them
    // only when the server quotes one, not a row of zeros that means nothing.
    ...(r.status === ReservationStatus.SOLD || r.fine !== 0 || r.returnAmount !== 0
      ? [
          { key: 'fine', label: t('fields.fine'), children: <span>{money(r.fine)}</span> },
          { key: 'return', label: t('fields.returnAmount'), children: <span>{money(r.returnAmount)}</span> },
        ]
      : []),
    {
      key: 'total',
      label: t('common:fields.totalFare'),
      children: <Typography.Text strong>{money(r.totalFare)}</Typography.Text>,
    },
  ];

  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, xxl: 3 }} items={items} />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: amounts.length }}
        items={amounts}
        // Side by side on wide screens; one row per amount on a phone.
        layout={screens.sm ? 'vertical' : 'horizontal'}
        style={{ marginTop: 12 }}
      />
    </>
  );
}
