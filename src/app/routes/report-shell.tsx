import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { ReportLayout } from '../../components/layouts/report-layout';
import { leafHandle } from '../route-handle';

export function ReportShell() {
  const { t } = useTranslation();
  const titleKey = leafHandle(useMatches())?.titleKey;
  return (
    <ReportLayout title={titleKey ? t(titleKey) : undefined}>
      <Outlet />
    </ReportLayout>
  );
}
