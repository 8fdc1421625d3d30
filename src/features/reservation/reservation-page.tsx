import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function ReservationPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:reservation')} line={t('screens:reservation')} />;
}
