import { Descriptions } from 'antd';
import type { Reservation } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { stationName } from '../../lib/station-name';
import { formatDate } from '../../lib/format';

/** The ticket the baggage goes with: enough to be sure it is the right one. */
export function TicketSummary({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('records');
  const status = t(`common:reservationStatus.${reservation.status}`, { defaultValue: String(reservation.status) });
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      role="group"
      aria-label={t('extraWeight.ticketTitle')}
      items={[
        {
          key: 'pnr',
          label: t('common:fields.pnr'),
          children: <span style={{ fontFamily: 'monospace' }}>{reservation.pnr}</span>,
        },
        { key: 'status', label: t('common:fields.status'), children: status },
        {
          key: 'passenger',
          label: t('common:fields.passenger'),
          children: `${reservation.passenger.name} (${reservation.passenger.phone})`,
        },
        {
          key: 'route',
          label: t('common:fields.route'),
          children: `${stationName(reservation.origin)} → ${stationName(reservation.destination)}`,
        },
        { key: 'coach', label: t('common:fields.coach'), children: reservation.coachCode ?? '' },
        {
          key: 'tripDate',
          label: t('common:fields.tripDate'),
          children: formatDate(reservation.boardingTime ?? reservation.tripDate),
        },
        { key: 'seats', label: t('common:fields.seats'), children: reservation.seats.map((s) => s.name).join(', ') },
      ]}
    />
  );
}
