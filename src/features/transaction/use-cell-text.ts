import type { Transaction } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useMoney } from '../../lib/money-hooks';
import type { CellText } from './model/columns';

/** Headers and cells in the screen's language; unknown reasons show as the server sends them. */
export function useCellText(): CellText {
  const { t } = useTranslation('records');
  const money = useMoney();
  return {
    header: (key: keyof Transaction) => t(`transaction.columns.${key}`),
    dateTime: (iso) => formatDate(iso),
    money,
    type: (type) => t(`types.${type}`),
    reason: (reason) => t(`transaction.reasons.${reason}`, { defaultValue: reason }),
    yesNo: (value) => (value ? t('common:yes') : t('common:no')),
  };
}
