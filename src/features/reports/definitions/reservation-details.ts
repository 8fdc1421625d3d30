import { reportsApi, type ReservationDetailsReport, type ReservationReportRow } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { reservationColumns, reservationTotals } from './columns';

const body = ({ companyId, filter, page, pageSize }: ReportRequest) => ({
  companyId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
  status: filter.status as ReservationReportRow['status'] | undefined,
  pnr: filter.pnr,
  phone: filter.phone,
  page,
  pageSize,
});

/** The agent's reservations made in a period, by status, PNR and phone; paged by the server. */
export const reservationDetails = defineReport<ReservationReportRow, ReservationDetailsReport['totals']>({
  key: 'reservationDetails',
  permission: 'AGENT_REPORT_RESERVATION_DETAILS',
  titleKey: 'reports.agentReservationDetails',
  filters: ['range', 'status', 'pnr', 'phone'],
  paged: true,
  fetch: (r, signal) =>
    callApi(reportsApi.reservationDetails, { body: body(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.reservationDetails, {
        body: body(r),
        query: fileQuery(file),
        signal: file.signal,
        silent: true,
      }),
    ),
  rowKey: (row) => row.pnr,
  columns: reservationColumns<ReservationReportRow>(),
  totals: reservationTotals,
});
