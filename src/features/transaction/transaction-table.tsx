import { Table, Tag, type TableProps } from 'antd';
import type { Transaction } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { cellText, TRANSACTION_COLUMNS } from './model/columns';
import { usePageRange, usePagerDigits } from '../../lib/money-hooks';
import { useCellText } from './use-cell-text';

interface Props {
  rows: Transaction[];
  total: number;
  page: number;
  pageSize: number;
  sort: 'dateTime,desc' | 'dateTime,asc';
  loading: boolean;
  onChange: (change: { page: number; pageSize: number; sort: 'dateTime,desc' | 'dateTime,asc' }) => void;
}

/** Every field of a ledger row, one page at a time, sorted by the server. */
export function TransactionTable({ rows, total, page, pageSize, sort, loading, onChange }: Props) {
  const { t } = useTranslation('records');
  const pageRange = usePageRange();
  const pagerDigits = usePagerDigits();
  const text = useCellText();
  const columns: TableProps<Transaction>['columns'] = TRANSACTION_COLUMNS.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: text.header(column.key),
    align: column.kind === 'money' ? 'right' : undefined,
    ellipsis: column.key === 'description' || column.key === 'remarks' ? { showTitle: true } : undefined,
    width: column.key === 'description' ? 260 : undefined,
    ...(column.key === 'dateTime'
      ? {
          sorter: true,
          sortOrder: sort === 'dateTime,asc' ? 'ascend' : 'descend',
          sortDirections: ['descend', 'ascend', 'descend'],
        }
      : {}),
    render: (_: unknown, row: Transaction) => {
      if (column.kind === 'type')
        return <Tag color={row.type === 'CREDIT' ? 'green' : 'volcano'}>{text.type(row.type)}</Tag>;
      const value = cellText(row, column, text);
      return column.kind === 'money' || column.kind === 'dateTime' ? (
        <span style={{ whiteSpace: 'nowrap' }}>{value}</span>
      ) : (
        value
      );
    },
  }));

  return (
    <Table<Transaction>
      aria-label={t('menu:transaction')}
      rowKey="transactionId"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('table.empty') }}
      onChange={(pagination, _f, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        onChange({
          page: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? pageSize,
          sort: one?.order === 'ascend' ? 'dateTime,asc' : 'dateTime,desc',
        });
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: pageRange,
        ...pagerDigits,
      }}
    />
  );
}
