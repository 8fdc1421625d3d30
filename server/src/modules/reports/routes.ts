import { reportsApi, type Permission } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { ReportsService } from './service';

const needs = (permission: Permission) => ({ allOf: [permission] });

/** The eight reports: each behind its own AGENT_REPORT_ permission, scoped to a company of the caller. */
export function registerReportsRoutes(routes: RouteRegistrar, reports: ReportsService): void {
  routes.add(reportsApi.userSalesSummary, {
    permission: needs('AGENT_REPORT_USER_SALES_SUMMARY'),
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => reports.userSalesSummary(principal, params),
  });
  routes.add(reportsApi.userSalesDetails, {
    permission: needs('AGENT_REPORT_USER_SALES_DETAILS'),
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => reports.userSalesDetails(principal, params),
  });
  routes.add(reportsApi.outletSales, {
    permission: needs('AGENT_REPORT_OUTLET_SALES'),
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => reports.outletSales(principal, params),
  });
  routes.add(reportsApi.outletSalesByDateRange, {
    permission: needs('AGENT_REPORT_OUTLET_SALES_DATE_RANGE'),
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => reports.outletSalesByDateRange(principal, params),
  });
  routes.add(reportsApi.outletSalesDetails, {
    permission: needs('AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE'),
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => reports.outletSalesDetails(principal, params),
  });
  routes.add(reportsApi.omittedTripsReservationDetails, {
    permission: needs('AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS'),
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => reports.omittedTrips(principal, params),
  });
  routes.add(reportsApi.reservationDetails, {
    permission: needs('AGENT_REPORT_RESERVATION_DETAILS'),
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => reports.reservationDetails(principal, body),
  });
  routes.add(reportsApi.reservationHistory, {
    permission: needs('AGENT_REPORT_RESERVATION_HISTORY'),
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => reports.reservationHistory(principal, body),
  });
}
