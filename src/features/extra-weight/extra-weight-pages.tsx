import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function ExtraWeightChargePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:extraWeightCharge')} line={t('screens:extraWeightCharge')} />;
}

export function ExtraWeightReturnPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu:extraWeightReturn')} line={t('screens:extraWeightReturn')} />;
}
