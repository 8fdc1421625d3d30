import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Later issues build each report; until then each route names itself. */
function ReportComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`menu:reports.${titleKey}`)} line={t('screens:report')} />;
}

export const SalesSummaryReport = () => <ReportComingSoon titleKey="salesSummary" />;
export const SalesDetailsReport = () => <ReportComingSoon titleKey="salesDetails" />;
export const OutletSalesReport = () => <ReportComingSoon titleKey="outletSales" />;
export const OutletDateRangeSalesReport = () => <ReportComingSoon titleKey="outletDateRangeSales" />;
export const OutletDetailsSalesDateRangeReport = () => <ReportComingSoon titleKey="outletDetailsSalesDateRange" />;
export const OmittedTripsReservationDetailsReport = () => <ReportComingSoon titleKey="omittedTripsReservationDetails" />;
export const AgentReservationDetailsReport = () => <ReportComingSoon titleKey="agentReservationDetails" />;
export const AgentReservationHistoryReport = () => <ReportComingSoon titleKey="agentReservationHistory" />;
