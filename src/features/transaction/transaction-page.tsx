import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function TransactionPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:transaction')} line={t('screens:transaction')} />;
}
