import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, Plan } from '@agent-portal/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { authCalls as authApi, KNOWN_PLAN_NAMES, PREPAID_PLAN } from '../contract';
import { useSessionStore } from '../../stores/session-store';
import { callApi } from '../api/call-api';
import { sessionKeys } from './keys';

export function fetchAccount(companyId: number, token?: string) {
  return callApi(authApi.account, { params: { companyId }, token, silent: true });
}

export const accountQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: sessionKeys.account(companyId), queryFn: () => fetchAccount(companyId) });

export function useAccount() {
  const token = useSessionStore((s) => s.token);
  const companyId = useSessionStore((s) => s.companyId);
  return useQuery({ ...accountQueryOptions(companyId ?? 0), enabled: token !== null && companyId !== null });
}

/** A prepaid plan shows its balance; any other plan shows its bill. */
export function headlineAmount(account: Pick<Account, 'plan' | 'balance' | 'bill'>): {
  kind: 'balance' | 'bill';
  amount: number;
} {
  return account.plan.name === PREPAID_PLAN
    ? { kind: 'balance', amount: account.balance }
    : { kind: 'bill', amount: account.bill };
}

const KNOWN_PLANS: ReadonlySet<string> = new Set(KNOWN_PLAN_NAMES);

/**
 * A plan's name for people: the known plans (PREPAID, POSTPAID) in the
 * screen's language, an agency's own plan by the server's display name
 * (else its code).
 */
export function usePlanLabel(): (plan: Plan) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (plan: Plan) => (KNOWN_PLANS.has(plan.name) ? t(`account.plans.${plan.name}`) : plan.displayName || plan.name),
    [t],
  );
}
