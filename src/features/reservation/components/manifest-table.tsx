/** The trip's passenger list (boarding chart), for agents with AGENT_VIEW_PASSENGER. */
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useManifest } from '../api/passengers';
import { ReservationStatusTag } from '../../../components/reservation-status-tag';

type Row = NonNullable<ReturnType<typeof useManifest>['data']>[number];

export function ManifestTable({ tripId }: { tripId: number }) {
  const { t } = useTranslation('reservation');
  const { data = [], isLoading } = useManifest(tripId, true);
  const columns: ColumnsType<Row> = [
    { key: 'seat', title: t('common:fields.seat'), dataIndex: 'seat' },
    { key: 'pnr', title: t('common:fields.pnr'), dataIndex: 'pnr' },
    {
      key: 'status',
      title: t('common:fields.status'),
      render: (_, row) => <ReservationStatusTag status={row.status} />,
    },
    { key: 'name', title: t('common:fields.passenger'), dataIndex: 'name' },
    { key: 'phone', title: t('common:fields.phone'), dataIndex: 'phone' },
    { key: 'segment', title: t('manifest.segment'), render: (_, row) => `${row.boarding} → ${row.dropping}` },
    { key: 'outlet', title: t('common:fields.outlet'), dataIndex: 'outlet', responsive: ['md'] },
  ];
  return (
    <Table<Row>
      size="small"
      rowKey={(row) => `${row.pnr}-${row.seat}`}
      columns={columns}
      dataSource={data}
      loading={isLoading}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: t('manifest.empty') }}
    />
  );
}
