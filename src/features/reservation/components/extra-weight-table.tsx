/** The trip's extra weight charges, for agents with AGENT_VIEW_EXTRA_WEIGHT_CHARGE; read-only. */
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { LastPrintType } from '../../../components/last-print-type';
import { formatDate } from '../../../lib/format';
import { useMoney } from '../hooks/use-display';
import { useTripExtraWeight } from '../api/extra-weight';

export function ExtraWeightTable({ companyId, tripId }: { companyId: number; tripId: number }) {
  const { t } = useTranslation('reservation');
  const money = useMoney();
  const { data, isLoading } = useTripExtraWeight(companyId, tripId);
  const columns: ColumnsType<ExtraWeightCharge> = [
    { key: 'pnr', title: t('common:fields.chargePnr'), dataIndex: 'pnr' },
    { key: 'ticket', title: t('common:fields.ticketPnr'), dataIndex: 'reservationPnr' },
    { key: 'passenger', title: t('common:fields.passenger'), dataIndex: 'passengerName', responsive: ['md'] },
    { key: 'amount', title: t('common:fields.amount'), align: 'right', render: (_, row) => money(row.amount) },
    { key: 'description', title: t('common:fields.description'), dataIndex: 'description' },
    {
      key: 'issued',
      title: t('extraWeight.issued'),
      render: (_, row) => formatDate(row.issueTime, 'dateTime'),
      responsive: ['md'],
    },
    {
      key: 'lastPrintType',
      title: t('common:lastPrintType'),
      render: (_, row) => <LastPrintType type={row.lastPrintType} />,
      responsive: ['md'],
    },
    {
      key: 'status',
      title: t('common:fields.status'),
      render: (_, row) => (
        <Tag color={row.status === 'ACTIVE' ? 'blue' : 'default'}>{t(`extraWeight.statuses.${row.status}`)}</Tag>
      ),
    },
  ];
  return (
    <Table<ExtraWeightCharge>
      size="small"
      rowKey="pnr"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={isLoading}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: t('extraWeight.empty') }}
    />
  );
}
