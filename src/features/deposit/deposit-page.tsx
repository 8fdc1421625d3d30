import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function DepositPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:deposit')} line={t('screens:deposit')} />;
}
