import { ReservationStatus } from '@agent-portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  [ReservationStatus.SOLD]: 'green',
  [ReservationStatus.BOOKED]: 'gold',
  [ReservationStatus.ADMIN_BOOKED]: 'orange',
  [ReservationStatus.CANCELLED]: 'red',
  [ReservationStatus.TRIP_MIGRATED]: 'purple',
  [ReservationStatus.OPEN]: 'cyan',
  [ReservationStatus.LINKED]: 'blue',
  [ReservationStatus.TRIP_MIGRATED_CANCELLED]: 'magenta',
};

/** A status by name and colour (never colour alone). */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('ticket-operation');
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }} data-testid="status-tag">
      {t(`common:reservationStatus.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
