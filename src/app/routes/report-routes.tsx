/**
 * The report screens with their print path: a report is an A4 document for
 * the system's default printer in the shell, or the browser's print dialog.
 */
import * as reports from '../../features/reports/report-pages';
import { printDocument } from './print-document';

const printReport = (html: string) => printDocument(html, 'A4', null);

export const SalesSummaryRoute = () => <reports.SalesSummaryReport print={printReport} />;
export const SalesDetailsRoute = () => <reports.SalesDetailsReport print={printReport} />;
export const OutletSalesRoute = () => <reports.OutletSalesReport print={printReport} />;
export const OutletDateRangeSalesRoute = () => <reports.OutletDateRangeSalesReport print={printReport} />;
export const OutletDetailsSalesDateRangeRoute = () => <reports.OutletDetailsSalesDateRangeReport print={printReport} />;
export const OmittedTripsReservationDetailsRoute = () => <reports.OmittedTripsReservationDetailsReport print={printReport} />;
export const AgentReservationDetailsRoute = () => <reports.AgentReservationDetailsReport print={printReport} />;
export const AgentReservationHistoryRoute = () => <reports.AgentReservationHistoryReport print={printReport} />;
