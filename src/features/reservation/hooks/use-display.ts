/** Money in the account's currency and station names in the screen's language. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useAccount } from '../../../lib/queries/account';

const DEFAULT_SYMBOL = '৳';

export function useMoney(): (amount: number) => string {
  const { data: account } = useAccount();
  const { i18n } = useTranslation();
  const symbol = account?.currency.symbol ?? DEFAULT_SYMBOL;
  // The language is a dependency so the text switches with the screen.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((amount: number) => formatMoney(amount, symbol), [symbol, i18n.language]);
}

export function useStationName(): (station: { name: string; nameBn?: string }) => string {
  const { i18n } = useTranslation();
  const bengali = i18n.language === 'bn';
  return useCallback((station) => (bengali && station.nameBn ? station.nameBn : station.name), [bengali]);
}
