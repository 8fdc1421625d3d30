/**
 * Small hooks the money screens share (deposit, transactions, commissions,
 * extra weight): money in the account's currency, and refreshing the account
 * chip after money moved.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../stores/session-store';
import { formatMoney } from './format';
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
