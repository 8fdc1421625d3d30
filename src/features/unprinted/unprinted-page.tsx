import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function UnprintedTicketPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:printUnprintedTicket')} line={t('screens:printUnprintedTicket')} />;
}
