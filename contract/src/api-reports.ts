/**
 * The eight reports (issue #6), each behind its own AGENT_REPORT_* permission
 * and scoped to a company of the caller. Path dates are
 * local yyyy-MM-dd, inclusive. Each answers JSON, a PDF or an XLSX file as
 * its ?format= asks (reportFileQuerySchema); reportFilesApi below is the same
 * calls typed as downloads for the portal's fetcher.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { reportProgressAddresses, reportsAddresses } from './plain/addresses-reports';
import {
  REPORT_FILE_MAX_ROWS,
  omittedTripsReportSchema,
  outletSalesByDateRangeSchema,
  outletSalesSchema,
  reportDayParamsSchema,
  reportDownloadQuerySchema,
  reportFileDefaultPdfQuerySchema,
  reportFileJobSchema,
  reportFileProgressSchema,
  reportFileQuerySchema,
  reportOutletRangeParamsSchema,
  reportRangeParamsSchema,
  reportRouteRangeParamsSchema,
  reservationDetailsReportSchema,
  reservationDetailsRequestSchema,
  reservationHistoryReportRequestSchema,
  reservationHistoryReportSchema,
  salesDetailsSchema,
  userSalesSummarySchema,
} from './schemas/reports';

const AS_FILE = ' — a PDF download unless ?format=json or ?format=xlsx; ?lang=bn writes the file in Bengali';
const OR_FILE = ' — JSON unless ?format=pdf or ?format=xlsx asks for a file; ?lang=bn writes the file in Bengali';
const ALL_ROWS = `; a file ignores page and pageSize and holds every matching row, at most ${REPORT_FILE_MAX_ROWS} (its header line says when more matched)`;

export const reportsApi = {
  userSalesSummary: {
    ...reportsAddresses.userSalesSummary,
    summary:
      "The caller's own sales per day from fromDate to toDate (company-local yyyy-MM-dd, inclusive): tickets, seats, fares, migrations, cancellations, refunds, commission" +
      AS_FILE,
    params: reportRangeParamsSchema,
    query: reportFileDefaultPdfQuerySchema,
    response: userSalesSummarySchema,
  },
  userSalesDetails: {
    ...reportsAddresses.userSalesDetails,
    summary:
      'Each sale, confirmation, migration and cancellation the caller made on date (company-local yyyy-MM-dd)' +
      OR_FILE,
    params: reportDayParamsSchema,
    query: reportFileQuerySchema,
    response: salesDetailsSchema,
  },
  outletSales: {
    ...reportsAddresses.outletSales,
    summary: "Sales of the agent's outlets from fromDate to toDate, one row per outlet and user" + AS_FILE,
    params: reportRangeParamsSchema,
    query: reportFileDefaultPdfQuerySchema,
    response: outletSalesSchema,
  },
  outletSalesByDateRange: {
    ...reportsAddresses.outletSalesByDateRange,
    summary: "Sales of one of the agent's outlets (outletId) per day from fromDate to toDate" + AS_FILE,
    params: reportOutletRangeParamsSchema,
    query: reportFileDefaultPdfQuerySchema,
    response: outletSalesByDateRangeSchema,
  },
  outletSalesDetails: {
    ...reportsAddresses.outletSalesDetails,
    summary:
      "Each sale, confirmation, migration and cancellation of the agent's outlets from fromDate to toDate" + OR_FILE,
    params: reportRangeParamsSchema,
    query: reportFileQuerySchema,
    response: salesDetailsSchema,
  },
  omittedTripsReservationDetails: {
    ...reportsAddresses.omittedTripsReservationDetails,
    summary:
      "The agent's reservations on omitted (or omit-pending) trips of routeId (0: every route) whose trip date is from fromDate to toDate" +
      OR_FILE,
    params: reportRouteRangeParamsSchema,
    query: reportFileQuerySchema,
    response: omittedTripsReportSchema,
  },
  reservationDetails: {
    ...reportsAddresses.reservationDetails,
    summary:
      "The agent's reservations made from fromDate to toDate, filtered by status, PNR and phone, paged, with totals over all matches" +
      OR_FILE +
      ALL_ROWS,
    body: reservationDetailsRequestSchema,
    query: reportFileQuerySchema,
    response: reservationDetailsReportSchema,
  },
  reservationHistory: {
    ...reportsAddresses.reservationHistory,
    summary:
      "Every action on the agent's reservations from fromDate to toDate (the agent reservation history), paged" +
      OR_FILE +
      ALL_ROWS,
    body: reservationHistoryReportRequestSchema,
    query: reportFileQuerySchema,
    response: reservationHistoryReportSchema,
  },
} as const satisfies Record<string, Endpoint>;

/**
 * What a file call answers: the portal's fetcher asks for a Blob (responseType
 * blob) and gets one; this is the part of Blob the contract can name without
 * DOM types, so a caller casts it to Blob to save it.
 */
export interface ReportFileBody {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}
export const reportFileBodySchema = z.custom<ReportFileBody>(
  (v) => typeof v === 'object' && v !== null && 'size' in v && 'type' in v,
  'a file',
);

type ReportKey = keyof typeof reportsApi;
type AsFile<E extends Endpoint> = Omit<E, 'query' | 'response' | 'file'> & {
  query: typeof reportDownloadQuerySchema;
  response: typeof reportFileBodySchema;
  file: true;
};

function asFile<E extends Endpoint>(endpoint: E): AsFile<E> {
  return { ...endpoint, query: reportDownloadQuerySchema, response: reportFileBodySchema, file: true };
}

/**
 * The eight reports as downloads, for the portal's typed fetcher: the same
 * method, path, params and body as reportsApi, with query { format: 'pdf' |
 * 'xlsx', lang? } (reportDownloadQuerySchema). Not registered as routes of their own: the server serves
 * them from the reportsApi routes (same URL), switching on ?format.
 */
export const reportFilesApi = Object.fromEntries(
  Object.entries(reportsApi).map(([key, endpoint]) => [key, asFile(endpoint)]),
) as {
  [K in ReportKey]: AsFile<(typeof reportsApi)[K]>;
};

/**
 * A file download's progress (issue #34): the portal names its download (?job=) and asks here while the file is
 * made, to show rows done of rows to do and offer Cancel (closing the download's connection stops the file).
 */
export const reportProgressApi = {
  fileProgress: {
    ...reportProgressAddresses.fileProgress,
    summary:
      "Where the caller's file download named ?job= is: waiting or making (rowsDone of rowsTotal); a job not " +
      'known (not started yet, or long finished) answers waiting',
    params: z.object({ job: reportFileJobSchema }),
    response: reportFileProgressSchema,
  },
} as const satisfies Record<string, Endpoint>;
