import { reportsApi, type SalesActionRow, type SalesDetails } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { salesActionColumns, salesActionTotals } from './columns';

const params = ({ companyId, filter }: ReportRequest) => ({
  companyId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
});

/** Each sale, confirmation, migration and cancellation of the agent's outlets in a period. */
export const outletDetailsSales = defineReport<SalesActionRow, SalesDetails['totals']>({
  key: 'outletSalesDetails',
  permission: 'AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE',
  titleKey: 'reports.outletDetailsSalesDateRange',
  filters: ['range'],
  fetch: (r, signal) =>
    callApi(reportsApi.outletSalesDetails, { params: params(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.outletSalesDetails, {
        params: params(r),
        query: fileQuery(file),
        signal: file.signal,
        silent: true,
      }),
    ),
  rowKey: (row, index) => `${row.time}-${row.pnr}-${row.action}-${index}`,
  columns: salesActionColumns,
  totals: salesActionTotals,
});
