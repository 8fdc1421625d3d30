import { reportsApi, type SalesFigures, type UserSalesSummary } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { salesFigureColumns, salesFigureTotals } from './columns';

type Row = UserSalesSummary['rows'][number];
const params = ({ companyId, filter }: ReportRequest) => ({
  companyId,
  outletId: filter.outletId ?? 0,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
});

/** One outlet's sales per day. */
export const outletDateRangeSales = defineReport<Row, SalesFigures>({
  key: 'outletSalesByDateRange',
  permission: 'AGENT_REPORT_OUTLET_SALES_DATE_RANGE',
  titleKey: 'reports.outletDateRangeSales',
  filters: ['outlet', 'range'],
  fetch: (r, signal) =>
    callApi(reportsApi.outletSalesByDateRange, { params: params(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.outletSalesByDateRange, {
        params: params(r),
        query: fileQuery(file),
        signal: file.signal,
        silent: true,
      }),
    ),
  rowKey: (row) => row.date,
  columns: [{ key: 'date', kind: 'date', value: (row) => row.date }, ...salesFigureColumns<Row>()],
  totals: salesFigureTotals,
  chart: { titleKey: 'perDay', labelKind: 'date', label: (row) => row.date, value: (row) => row.netFare },
});
