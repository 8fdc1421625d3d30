/** The addresses of api-reports.ts's tables (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of reportsApi (api-reports.ts). */
export const reportsAddresses = {
  userSalesSummary: {
    method: 'GET',
    path: '/api/reports/userSalesSummary/:companyId/:fromDate/:toDate',
    auth: 'session',
  },
  userSalesDetails: { method: 'GET', path: '/api/reports/userSalesDetails/:companyId/:date', auth: 'session' },
  outletSales: { method: 'GET', path: '/api/reports/outletSales/:companyId/:fromDate/:toDate', auth: 'session' },
  outletSalesByDateRange: {
    method: 'GET',
    path: '/api/reports/outletSalesByDateRange/:companyId/:outletId/:fromDate/:toDate',
    auth: 'session',
  },
  outletSalesDetails: {
    method: 'GET',
    path: '/api/reports/outletSalesDetails/:companyId/:fromDate/:toDate',
    auth: 'session',
  },
  omittedTripsReservationDetails: {
    method: 'GET',
    path: '/api/reports/omittedTripsReservationDetails/:companyId/:routeId/:fromDate/:toDate',
    auth: 'session',
  },
  reservationDetails: { method: 'POST', path: '/api/reports/reservationDetails', auth: 'session' },
  reservationHistory: { method: 'POST', path: '/api/reports/reservationHistory', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of reportProgressApi (api-reports.ts). */
export const reportProgressAddresses = {
  fileProgress: { method: 'GET', path: '/api/reports/files/:job/progress', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
