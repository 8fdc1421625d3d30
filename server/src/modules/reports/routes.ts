import { reportsApi, type Permission, type ReportFormat, type ReportLang } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import {
  dailySalesDocument,
  omittedTripsDocument,
  outletSalesDocument,
  reservationDetailsDocument,
  reservationHistoryDocument,
  salesDetailsDocument,
} from './files/documents';
import type { ReportName } from './files/labels';
import { answer, type FileRequest } from './files/send';
import type { ReportsService } from './service';

const needs = (permission: Permission) => ({ allOf: [permission] });

/**
 * The eight reports: each behind its own AGENT_REPORT_ permission, scoped to
 * a company of the caller, answered as JSON, PDF or XLSX by ?format (issue #6).
 */
export function registerReportsRoutes(routes: RouteRegistrar, reports: ReportsService): void {
  const file = (name: ReportName, query: { format: ReportFormat; lang: ReportLang }, from: string, to: string): FileRequest => ({
    name,
    ...query,
    period: { from, to },
    timeZone: reports.timeZone,
  });
  // A file holds every matching row (up to the cap) rather than the page the JSON answer shows.
  const allRows = <B extends { page: number; pageSize: number }>(body: B, format: ReportFormat): B =>
    format === 'json' ? body : { ...body, page: 1, pageSize: reports.fileMaxRows };

  routes.add(reportsApi.userSalesSummary, {
    permission: needs('AGENT_REPORT_USER_SALES_SUMMARY'),
    company: ({ params }) => params.companyId,
    handler: async ({ params, query, principal, reply }) => {
      const report = await reports.userSalesSummary(principal, params);
      return answer(reply, file('userSalesSummary', query, params.fromDate, params.toDate), report, (o) => dailySalesDocument('userSalesSummary', report, o));
    },
  });
  routes.add(reportsApi.userSalesDetails, {
    permission: needs('AGENT_REPORT_USER_SALES_DETAILS'),
    company: ({ params }) => params.companyId,
    handler: async ({ params, query, principal, reply }) => {
      const report = await reports.userSalesDetails(principal, params, reports.rowCap(query.format));
      return answer(reply, file('userSalesDetails', query, params.date, params.date), report, (o) => salesDetailsDocument('userSalesDetails', report, o));
    },
  });
  routes.add(reportsApi.outletSales, {
    permission: needs('AGENT_REPORT_OUTLET_SALES'),
    company: ({ params }) => params.companyId,
    handler: async ({ params, query, principal, reply }) => {
      const report = await reports.outletSales(principal, params);
      return answer(reply, file('outletSales', query, params.fromDate, params.toDate), report, (o) => outletSalesDocument(report, o));
    },
  });
  routes.add(reportsApi.outletSalesByDateRange, {
    permission: needs('AGENT_REPORT_OUTLET_SALES_DATE_RANGE'),
    company: ({ params }) => params.companyId,
    handler: async ({ params, query, principal, reply }) => {
      const report = await reports.outletSalesByDateRange(principal, params);
      return answer(reply, file('outletSalesByDateRange', query, params.fromDate, params.toDate), report, (o) => dailySalesDocument('outletSalesByDateRange', report, o));
    },
  });
  routes.add(reportsApi.outletSalesDetails, {
    permission: needs('AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE'),
    company: ({ params }) => params.companyId,
    handler: async ({ params, query, principal, reply }) => {
      const report = await reports.outletSalesDetails(principal, params, reports.rowCap(query.format));
      return answer(reply, file('outletSalesDetails', query, params.fromDate, params.toDate), report, (o) => salesDetailsDocument('outletSalesDetails', report, o));
    },
  });
  routes.add(reportsApi.omittedTripsReservationDetails, {
    permission: needs('AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS'),
    company: ({ params }) => params.companyId,
    handler: async ({ params, query, principal, reply }) => {
      const report = await reports.omittedTrips(principal, params, reports.rowCap(query.format));
      return answer(reply, file('omittedTripsReservationDetails', query, params.fromDate, params.toDate), report, (o) => omittedTripsDocument(report, o));
    },
  });
  routes.add(reportsApi.reservationDetails, {
    permission: needs('AGENT_REPORT_RESERVATION_DETAILS'),
    company: ({ body }) => body.companyId,
    handler: async ({ body, query, principal, reply }) => {
      const report = await reports.reservationDetails(principal, allRows(body, query.format));
      return answer(reply, file('reservationDetails', query, body.fromDate, body.toDate), report, (o) => reservationDetailsDocument(report, o));
    },
  });
  routes.add(reportsApi.reservationHistory, {
    permission: needs('AGENT_REPORT_RESERVATION_HISTORY'),
    company: ({ body }) => body.companyId,
    handler: async ({ body, query, principal, reply }) => {
      const report = await reports.reservationHistory(principal, allRows(body, query.format));
      return answer(reply, file('reservationHistory', query, body.fromDate, body.toDate), report, (o) => reservationHistoryDocument(report, o));
    },
  });
}
