import { Grid, Table, Typography, type TableColumnsType } from 'antd';
import type { Reservation } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { isActiveSeat } from './offered-actions';
import { ReservationStatusTag } from '../../components/reservation-status-tag';
import { useMoney } from './use-money';

type Seat = Reservation['seats'][number];

interface Props {
  seats: Seat[];
  /** Seat checkboxes for a partial cancel; absent when the user may not cancel only some seats. */
  selection?: { selected: string[]; onChange: (names: string[]) => void };
}

/** The seats with type, fare, discount and status; cancelled seats stay listed, unselectable. */
export function SeatTable({ seats, selection }: Props) {
  const { t } = useTranslation('ticket-operation');
  const money = useMoney();
  const narrow = Grid.useBreakpoint().sm === false;
  const seatType = (s: Seat) => t(`seatTypes.${s.seatType}`, { defaultValue: s.seatType });
  const columns: TableColumnsType<Seat> = [
    {
      key: 'name',
      title: t('common:fields.seat'),
      // A phone has no room for a type column: the type goes under the seat name.
      render: (_, s) =>
        narrow ? (
          <>
            {s.name}
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {seatType(s)}
            </Typography.Text>
          </>
        ) : (
          s.name
        ),
    },
    { key: 'type', title: t('common:fields.seatType'), responsive: ['sm'], render: (_, s) => seatType(s) },
    { key: 'fare', title: t('common:fields.fare'), align: 'right', render: (_, s) => money(s.fare) },
    {
      key: 'discount',
      title: t('common:fields.discount'),
      align: 'right',
      responsive: ['sm'],
      render: (_, s) => money(s.discount),
    },
    { key: 'status', title: t('common:fields.status'), render: (_, s) => <ReservationStatusTag status={s.status} /> },
  ];
  return (
    <Table<Seat>
      size="small"
      aria-label={t('common:fields.seats')}
      // Open tickets repeat the seat name OPEN: the index keeps rows apart.
      rowKey={(s) => `${s.name}-${seats.indexOf(s)}`}
      columns={columns}
      dataSource={seats}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selection && {
          selectedRowKeys: seats
            .filter((s) => selection.selected.includes(s.name) && isActiveSeat(s))
            .map((s) => `${s.name}-${seats.indexOf(s)}`),
          onChange: (_keys, rows) => selection.onChange(rows.map((s) => s.name)),
          getCheckboxProps: (s) => ({ disabled: !isActiveSeat(s), 'aria-label': t('seats.select', { seat: s.name }) }),
        }
      }
    />
  );
}
