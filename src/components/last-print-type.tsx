import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';

/** How a receipt was last printed (original, reprint or return), or that it never was. */
export function LastPrintType({ type }: { type: ExtraWeightCharge['lastPrintType'] }) {
  const { t } = useTranslation('common');
  return <span>{type ? t(`printTypes.${type}`) : t('printTypes.none')}</span>;
}
