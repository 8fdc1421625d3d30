import { reportsApi, type ReservationHistoryReport } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { historyRemarkText } from '../../../lib/history-remarks';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';

type Row = ReservationHistoryReport['rows'][number];
const body = ({ companyId, filter, page, pageSize }: ReportRequest) => ({
  companyId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
  page,
  pageSize,
});

/** Every action on the agent's reservations in a period; paged by the server. */
export const reservationHistory = defineReport<Row, ReservationHistoryReport['totals']>({
  key: 'reservationHistory',
  permission: 'AGENT_REPORT_RESERVATION_HISTORY',
  titleKey: 'reports.agentReservationHistory',
  filters: ['range'],
  paged: true,
  fetch: (r, signal) =>
    callApi(reportsApi.reservationHistory, { body: body(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.reservationHistory, {
        body: body(r),
        query: fileQuery(file),
        signal: file.signal,
        silent: true,
      }),
    ),
  rowKey: (row, index) => `${row.time}-${row.pnr}-${index}`,
  columns: [
    { key: 'time', kind: 'dateTime', value: (row) => row.time },
    { key: 'pnr', kind: 'text', value: (row) => row.pnr },
    { key: 'action', kind: 'action', value: (row) => row.action },
    { key: 'amount', kind: 'money', value: (row) => row.amount },
    { key: 'outlet', kind: 'text', value: (row) => row.outlet },
    { key: 'user', kind: 'text', value: (row) => row.user },
    // The server's own remarks in the screen's language (read when the table renders, so a language change shows).
    { key: 'remarks', kind: 'text', value: (row) => historyRemarkText(row.remark, row.remarks) },
  ],
  totals: (t) => ({ amount: t.charged - t.refunded }),
});
