import { ReservationStatus } from '@agent-portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** One colour per reservation status, on every screen that shows one. */
const COLOURS: Record<number, string> = {
  [ReservationStatus.SOLD]: 'green',
  [ReservationStatus.BOOKED]: 'gold',
  [ReservationStatus.ADMIN_BOOKED]: 'orange',
  [ReservationStatus.CANCELLED]: 'red',
  [ReservationStatus.TRIP_MIGRATED]: 'purple',
  [ReservationStatus.OPEN]: 'cyan',
  [ReservationStatus.LINKED]: 'blue',
  [ReservationStatus.TRIP_MIGRATED_CANCELLED]: 'magenta',
};

/** The i18n key of a reservation status's name (namespace common), the one set of names screens use. */
export const reservationStatusKey = (status: number) => `common:reservationStatus.${status}`;

/** A reservation's status by name and colour (never colour alone). */
export function ReservationStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(reservationStatusKey(status), { defaultValue: String(status) })}
    </Tag>
  );
}
