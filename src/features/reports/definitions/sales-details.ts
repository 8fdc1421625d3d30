import { reportsApi, type SalesActionRow, type SalesDetails } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { salesActionColumns, salesActionTotals } from './columns';

const params = ({ companyId, filter }: ReportRequest) => ({ companyId, date: filter.date });

/** Each sale, confirmation, migration and cancellation the user made on one day. */
export const salesDetails = defineReport<SalesActionRow, SalesDetails['totals']>({
  key: 'userSalesDetails',
  permission: 'AGENT_REPORT_USER_SALES_DETAILS',
  titleKey: 'reports.salesDetails',
  filters: ['day'],
  fetch: (r, signal) =>
    callApi(reportsApi.userSalesDetails, { params: params(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.userSalesDetails, {
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
