import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function CommissionPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:commission')} line={t('screens:commission')} />;
}
