/**
 * Small hooks the money screens share (deposit, transactions, commissions,
 * extra weight): money in the account's currency, and refreshing the account
 * chip after money moved.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { PaginationProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../stores/session-store';
import { formatCount, formatMoney } from './format';
import { isLanguage } from './i18n/language';
import { useAccount } from './queries/account';
import { sessionKeys } from './queries/keys';

/** Money in the account's currency, re-rendered when the language changes. */
export function useMoney(): (amount: number) => string {
  useTranslation();
  const symbol = useAccount().data?.currency.symbol ?? '৳';
  return (amount) => formatMoney(amount, symbol);
}

/** The current company (the pages behind the sign-in always have one). */
export function useCompanyId(): number {
  return useSessionStore((s) => s.companyId) ?? 0;
}

/** Reloads the account chip's balance: call after a call that moved money. */
export function useRefreshAccount(): () => void {
  const queryClient = useQueryClient();
  const companyId = useSessionStore((s) => s.companyId);
  return useCallback(() => {
    if (companyId !== null) void queryClient.invalidateQueries({ queryKey: sessionKeys.account(companyId) });
  }, [queryClient, companyId]);
}

/** The "1-20 of 45" of a paged table, in the screen's digits (records:table.range). */
export function usePageRange(): (total: number, range: [number, number]) => string {
  const { t, i18n } = useTranslation('records');
  return (total, [from, to]) => {
    const n = (value: number) => formatCount(value, isLanguage(i18n.language) ? i18n.language : 'en');
    return t('table.range', { from: n(from), to: n(to), total: n(total) });
  };
}

/**
 * What a paged table's page numbers and its "50 / page" choices need to read
 * in the screen's digits: spread into the table's `pagination` (antd writes them
 * with String() otherwise, Latin in Bengali too). Spread after `showSizeChanger`.
 */
export function usePagerDigits(): Pick<PaginationProps, 'itemRender' | 'showSizeChanger'> {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatCount(value, isLanguage(i18n.language) ? i18n.language : 'en');
  return {
    itemRender: (page, type, element) => (type === 'page' ? <a rel="nofollow">{n(page)}</a> : element),
    // The size changer is a Select: its chosen label and its options, as "৫০ / পৃষ্ঠা".
    showSizeChanger: {
      labelRender: ({ value }) => t('common:perPage', { count: Number(value) }),
      optionRender: ({ value }) => t('common:perPage', { count: Number(value) }),
    },
  };
}
