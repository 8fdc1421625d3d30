import { reportsApi, type OmittedTripsReport } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { calendarDay, toInputDate } from '../../../lib/format';
import { defineReport, type ReportRequest } from '../shell/types';
import { asBlob, fileQuery, JSON_FORMAT, reportFiles } from './calls';
import { reservationColumns, reservationTotals } from './columns';

type Row = OmittedTripsReport['rows'][number];
const params = ({ companyId, filter }: ReportRequest) => ({
  companyId,
  routeId: filter.routeId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
});

/**
 * The agent's reservations on omitted (or omit-pending) trips; the dates are trip dates, so the default looks ahead
 * too.
 */
export const omittedTrips = defineReport<Row, OmittedTripsReport['totals']>({
  key: 'omittedTripsReservationDetails',
  permission: 'AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS',
  titleKey: 'reports.omittedTripsReservationDetails',
  filters: ['route', 'range'],
  tripDates: true,
  defaultRange: (today) => ({
    fromDate: toInputDate(calendarDay(today).subtract(7, 'day')),
    toDate: toInputDate(calendarDay(today).add(30, 'day')),
  }),
  fetch: (r, signal) =>
    callApi(reportsApi.omittedTripsReservationDetails, { params: params(r), query: JSON_FORMAT, signal, silent: true }),
  download: (r, file) =>
    asBlob(
      callApi(reportFiles.omittedTripsReservationDetails, {
        params: params(r),
        query: fileQuery(file),
        signal: file.signal,
        silent: true,
      }),
    ),
  rowKey: (row) => row.pnr,
  columns: [
    ...reservationColumns<Row>().slice(0, 2),
    { key: 'tripState', kind: 'tripState', value: (row) => row.tripState },
    ...reservationColumns<Row>().slice(2),
  ],
  totals: reservationTotals,
});
