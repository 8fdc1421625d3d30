/** The eight report screens (issue #6): one shell, one definition each. */
import { omittedTrips } from './definitions/omitted-trips';
import { outletDateRangeSales } from './definitions/outlet-date-range-sales';
import { outletDetailsSales } from './definitions/outlet-details-sales';
import { outletSales } from './definitions/outlet-sales';
import { reservationDetails } from './definitions/reservation-details';
import { reservationHistory } from './definitions/reservation-history';
import { salesDetails } from './definitions/sales-details';
import { salesSummary } from './definitions/sales-summary';
import { ReportScreen } from './shell/report-screen';

export const SalesSummaryReport = () => <ReportScreen definition={salesSummary} />;
export const SalesDetailsReport = () => <ReportScreen definition={salesDetails} />;
export const OutletSalesReport = () => <ReportScreen definition={outletSales} />;
export const OutletDateRangeSalesReport = () => <ReportScreen definition={outletDateRangeSales} />;
export const OutletDetailsSalesDateRangeReport = () => <ReportScreen definition={outletDetailsSales} />;
export const OmittedTripsReservationDetailsReport = () => <ReportScreen definition={omittedTrips} />;
export const AgentReservationDetailsReport = () => <ReportScreen definition={reservationDetails} />;
export const AgentReservationHistoryReport = () => <ReportScreen definition={reservationHistory} />;
