import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function TicketOperationPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:ticketOperation')} line={t('screens:ticketOperation')} />;
}
