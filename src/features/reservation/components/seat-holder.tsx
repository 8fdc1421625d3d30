/**
 * Who holds a sold or booked seat (a click on such a seat shows it): the status and PNR from the map, and the
 * passenger from the manifest when the agent may see it. The whole booking
 * (fare, fine, actions) needs the passenger's PIN, so for the agent's own
 * reservations the dialog leads to ticket operations with the PNR filled in.
 */
import { ProfileOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SeatInfo } from '../seat-map';
import { ReservationStatusTag } from '../../../components/reservation-status-tag';
import type { ReservationStatus } from '@agent-portal/contract';

export interface ManifestEntry {
  name: string;
  phone: string;
  boarding: string;
  dropping: string;
  outlet: string;
}

interface Props {
  seat: SeatInfo | null;
  holder: ManifestEntry | null;
  /** The agent may open ticket operations (its route's permissions). */
  canManage: boolean;
  onClose: () => void;
}

/** Ticket operations opens on this PNR and asks for the PIN (ticket-operation-page). */
const ticketOperationPath = (pnr: string) => `/ticket-operation?pnr=${encodeURIComponent(pnr)}`;

export function SeatHolder({ seat, holder, canManage, onClose }: Props) {
  const { t } = useTranslation('reservation');
  const navigate = useNavigate();
  const pnr = seat?.pnr;
  const status = seat?.status as ReservationStatus | undefined;
  const items = seat
    ? [
        { key: 'seat', label: t('common:fields.seat'), children: seat.name },
        {
          key: 'status',
          label: t('common:fields.status'),
          children: status ? <ReservationStatusTag status={status} /> : null,
        },
        { key: 'pnr', label: t('common:fields.pnr'), children: <span>{seat.pnr ?? t('holder.hidden')}</span> },
        ...(holder
          ? [
              { key: 'name', label: t('common:fields.passenger'), children: holder.name },
              { key: 'phone', label: t('common:fields.phone'), children: holder.phone },
              { key: 'segment', label: t('holder.segment'), children: `${holder.boarding} → ${holder.dropping}` },
              { key: 'outlet', label: t('common:fields.outlet'), children: holder.outlet },
            ]
          : []),
      ]
    : [];
  return (
    <Modal
      open={seat !== null}
      title={t('holder.title', { seat: seat?.name ?? '' })}
      onCancel={onClose}
      footer={
        pnr && canManage ? (
          <Button
            type="primary"
            icon={<ProfileOutlined aria-hidden />}
            onClick={() => void navigate(ticketOperationPath(pnr))}
          >
            {t('holder.manage')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered items={items} />
    </Modal>
  );
}
