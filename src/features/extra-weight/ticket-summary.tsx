import { Descriptions } from 'antd';
import type { Reservation } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
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
        { key: 'pnr', label: t('extraWeight.pnr'), children: <span style={{ fontFamily: 'monospace' }}>{reservation.pnr}</span> },
        { key: 'status', label: t('extraWeight.status'), children: status },
        { key: 'passenger', label: t('extraWeight.passenger'), children: `${reservation.passenger.name} (${reservation.passenger.phone})` },
        { key: 'route', label: t('extraWeight.route'), children: `${reservation.origin.name} → ${reservation.destination.name}` },
        { key: 'coach', label: t('extraWeight.coach'), children: reservation.coachCode ?? '' },
        { key: 'tripDate', label: t('extraWeight.tripDate'), children: formatDate(reservation.boardingTime ?? reservation.tripDate) },
        { key: 'seats', label: t('extraWeight.seats'), children: reservation.seats.map((s) => s.name).join(', ') },
      ]}
    />
  );
}
