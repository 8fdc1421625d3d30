import { reportsApi, type SalesFigures, type UserSalesSummary } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { salesFigureColumns, salesFigureTotals } from './columns';

type Row = UserSalesSummary['rows'][number];
const params = ({ companyId, filter }: ReportRequest) => ({
  companyId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
});

/** The signed-in user's own sales per day. */
export const salesSummary = defineReport<Row, SalesFigures>({
  key: 'userSalesSummary',
  permission: 'AGENT_REPORT_USER_SALES_SUMMARY',
  titleKey: 'reports.salesSummary',
  filters: ['range'],
  fetch: (r, signal) =>
    callApi(reportsApi.userSalesSummary, { params: params(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.userSalesSummary, {
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
