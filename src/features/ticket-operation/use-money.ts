import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useAccount } from '../../lib/queries/account';

/** Money in the account's currency, re-rendered when the language changes. */
export function useMoney(): (amount: number) => string {
  useTranslation();
  const symbol = useAccount().data?.currency.symbol ?? '৳';
  return (amount) => formatMoney(amount, symbol);
}
