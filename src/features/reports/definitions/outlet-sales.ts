import { reportsApi, type OutletSales, type SalesFigures } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { salesFigureColumns, salesFigureTotals } from './columns';

type Row = OutletSales['rows'][number];
const params = ({ companyId, filter }: ReportRequest) => ({
  companyId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
});

/** Sales of the agent's outlets, one row per outlet and user. */
export const outletSales = defineReport<Row, SalesFigures>({
  key: 'outletSales',
  permission: 'AGENT_REPORT_OUTLET_SALES',
  titleKey: 'reports.outletSales',
  filters: ['range'],
  fetch: (r, signal) =>
    callApi(reportsApi.outletSales, { params: params(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.outletSales, {
        params: params(r),
        query: fileQuery(file),
        signal: file.signal,
        silent: true,
      }),
    ),
  rowKey: (row) => `${row.outletId}/${row.userId}`,
  columns: [
    { key: 'outlet', kind: 'text', value: (row) => row.outlet },
    { key: 'user', kind: 'text', value: (row) => row.user },
    ...salesFigureColumns<Row>(),
  ],
  totals: salesFigureTotals,
  chart: {
    titleKey: 'perOutlet',
    labelKind: 'text',
    label: (row) => `${row.outlet} · ${row.user}`,
    value: (row) => row.netFare,
  },
});
