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
import type { ReportPrinter } from './shell/use-report-files';

export type { ReportPrinter } from './shell/use-report-files';

type PageProps = { print: ReportPrinter };

export const SalesSummaryReport = ({ print }: PageProps) => <ReportScreen definition={salesSummary} print={print} />;
export const SalesDetailsReport = ({ print }: PageProps) => <ReportScreen definition={salesDetails} print={print} />;
export const OutletSalesReport = ({ print }: PageProps) => <ReportScreen definition={outletSales} print={print} />;
export const OutletDateRangeSalesReport = ({ print }: PageProps) => <ReportScreen definition={outletDateRangeSales} print={print} />;
export const OutletDetailsSalesDateRangeReport = ({ print }: PageProps) => <ReportScreen definition={outletDetailsSales} print={print} />;
export const OmittedTripsReservationDetailsReport = ({ print }: PageProps) => <ReportScreen definition={omittedTrips} print={print} />;
export const AgentReservationDetailsReport = ({ print }: PageProps) => <ReportScreen definition={reservationDetails} print={print} />;
export const AgentReservationHistoryReport = ({ print }: PageProps) => <ReportScreen definition={reservationHistory} print={print} />;
