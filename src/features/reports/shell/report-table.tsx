import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePagerDigits } from '../../../lib/money-hooks';
import { compareCells, isNumeric, useCellFormat } from './use-cell-format';
import type { ReportColumn } from './types';

export interface ServerPaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

interface Props<Row> {
  /** The table's accessible name: the report's title. */
  label: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** A figure per column key for the totals row; undefined: no totals yet. */
  totals: Partial<Record<string, number>> | undefined;
  loading: boolean;
  emptyText: string;
  /** Paged on the server (reservation details and history); else all rows are here. */
  paging?: ServerPaging;
}

/**
 * The report's rows: every column sortable (on the rows at hand), money and
 * counts right-aligned, a totals row under the rows. While a new run loads,
 * antd's loading state dims the previous rows instead of blanking them.
 */
export function ReportTable<Row>({ label, columns, rows, rowKey, totals, loading, emptyText, paging }: Props<Row>) {
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  const pagerDigits = usePagerDigits();
  const tableColumns: TableColumnsType<Row> = columns.map((column) => ({
    key: column.key,
    title: t(`columns.${column.key}`),
    align: isNumeric(column.kind) ? 'right' : 'left',
    sorter: (a: Row, b: Row) => compareCells(column.value(a), column.value(b)),
    showSorterTooltip: false,
    render: (_: unknown, row: Row) => (
      <span style={{ whiteSpace: 'nowrap' }}>{format(column.kind, column.value(row))}</span>
    ),
  }));
  const keyed = rows.map((row, index) => ({ row, key: rowKey(row, index) }));
  const keyOf = new Map(keyed.map(({ row, key }) => [row, key]));

  return (
    <Table<Row>
      aria-label={label}
      size="small"
      rowKey={(row) => keyOf.get(row) ?? ''}
      columns={tableColumns}
      dataSource={[...rows]}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      pagination={
        paging
          ? {
              current: paging.page,
              pageSize: paging.pageSize,
              total: paging.total,
              showSizeChanger: true,
              pageSizeOptions: [50, 100, 200],
              ...pagerDigits,
              onChange: paging.onChange,
            }
          : { defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 200], hideOnSinglePage: true }
      }
      summary={() =>
        totals && rows.length > 0 ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row>
              {columns.map((column, index) => {
                const figure = totals[column.key];
                return (
                  <Table.Summary.Cell key={column.key} index={index} align={isNumeric(column.kind) ? 'right' : 'left'}>
                    <strong style={{ whiteSpace: 'nowrap' }}>
                      {index === 0 ? t('common:fields.total') : figure === undefined ? '' : format(column.kind, figure)}
                    </strong>
                  </Table.Summary.Cell>
                );
              })}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
