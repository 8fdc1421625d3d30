import { PrinterOutlined } from '@ant-design/icons';
import { Button, Table, type TableProps } from 'antd';
import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { LastPrintType } from '../../components/last-print-type';
import { formatDate } from '../../lib/format';
import { useMoney } from '../../lib/money-hooks';
import { ChargeStatusTag } from './charge-details';

/** The charges already on a ticket, each with its receipt (re)print. */
export function ChargesTable({
  charges,
  loading,
  printing,
  onPrint,
}: {
  charges: ExtraWeightCharge[];
  loading: boolean;
  printing: boolean;
  onPrint: (charge: ExtraWeightCharge) => void;
}) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const columns: TableProps<ExtraWeightCharge>['columns'] = [
    {
      key: 'pnr',
      dataIndex: 'pnr',
      title: t('common:fields.chargePnr'),
      render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
    },
    {
      key: 'issueTime',
      dataIndex: 'issueTime',
      title: t('extraWeight.issueTime'),
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
    },
    { key: 'description', dataIndex: 'description', title: t('common:fields.description') },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('common:fields.amount'),
      align: 'right',
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{money(v)}</span>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('common:fields.status'),
      render: (v: ExtraWeightCharge['status']) => <ChargeStatusTag status={v} />,
    },
    {
      key: 'lastPrintType',
      dataIndex: 'lastPrintType',
      title: t('common:lastPrintType'),
      render: (v: ExtraWeightCharge['lastPrintType']) => <LastPrintType type={v} />,
    },
    {
      key: 'print',
      title: t('extraWeight.printCount'),
      render: (_: unknown, row) =>
        row.status === 'ACTIVE' ? (
          <Button size="small" icon={<PrinterOutlined aria-hidden />} disabled={printing} onClick={() => onPrint(row)}>
            {row.printCount > 0 ? t('extraWeight.reprint') : t('extraWeight.printReceipt')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Table<ExtraWeightCharge>
      aria-label={t('extraWeight.chargesTitle')}
      rowKey="pnr"
      size="small"
      columns={columns}
      dataSource={charges}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('table.empty') }}
    />
  );
}
