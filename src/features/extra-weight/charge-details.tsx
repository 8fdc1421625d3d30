import { Descriptions, Tag } from 'antd';
import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { LastPrintType } from '../../components/last-print-type';
import { formatDate } from '../../lib/format';
import { useMoney } from '../../lib/money-hooks';

export function ChargeStatusTag({ status }: { status: ExtraWeightCharge['status'] }) {
  const { t } = useTranslation('records');
  return <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{t(`extraWeight.statuses.${status}`)}</Tag>;
}

/** One extra weight charge, as the receipt shows it. */
export function ChargeDetails({ charge }: { charge: ExtraWeightCharge }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      bordered
      items={[
        {
          key: 'pnr',
          label: t('common:fields.chargePnr'),
          children: <span style={{ fontFamily: 'monospace' }}>{charge.pnr}</span>,
        },
        { key: 'status', label: t('common:fields.status'), children: <ChargeStatusTag status={charge.status} /> },
        {
          key: 'reservationPnr',
          label: t('common:fields.ticketPnr'),
          children: <span style={{ fontFamily: 'monospace' }}>{charge.reservationPnr}</span>,
        },
        { key: 'passenger', label: t('common:fields.passenger'), children: charge.passengerName },
        { key: 'route', label: t('common:fields.route'), children: charge.routeName },
        {
          key: 'coach',
          label: t('common:fields.coach'),
          children: [charge.coachCode, formatDate(charge.tripDate, 'date')].filter(Boolean).join(' · '),
        },
        { key: 'description', label: t('common:fields.description'), children: charge.description },
        { key: 'amount', label: t('common:fields.amount'), children: <strong>{money(charge.amount)}</strong> },
        { key: 'issueTime', label: t('extraWeight.issueTime'), children: formatDate(charge.issueTime) },
        {
          key: 'lastPrintType',
          label: t('common:lastPrintType'),
          children: <LastPrintType type={charge.lastPrintType} />,
        },
        ...(charge.cancelTime
          ? [{ key: 'cancelTime', label: t('extraWeight.cancelTime'), children: formatDate(charge.cancelTime) }]
          : []),
      ]}
    />
  );
}
