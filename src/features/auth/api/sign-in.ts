import { authCalls as authApi } from '../../../lib/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../../lib/api/api-error';
import { callApi } from '../../../lib/api/call-api';
import { getSessionDevice } from '../../../lib/bridge';
import { notifyApiError } from '../../../lib/notify/notifier';
import { fetchAccount } from '../../../lib/queries/account';
import { fetchCompanies } from '../../../lib/queries/companies';
import { sessionKeys } from '../../../lib/queries/keys';
import { fetchProfile } from '../../../lib/queries/profile';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { useSessionStore } from '../../../stores/session-store';

export interface SignInValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

/**
 * Sign in, load the companies, choose one (the stored one
 * while still allowed, else the first), load profile and account, and only
 * then store the session, so the guards see a complete sign-in.
 */
export async function signIn(values: SignInValues): Promise<void> {
  const device = await getSessionDevice();
  const user = values.username.trim();
  const { token } = await callApi(authApi.login, {
    body: { ...values, username: user, deviceId: device.deviceId ?? undefined, uuid: device.uuid ?? undefined },
    silent: true,
  });
  try {
    const companies = await fetchCompanies(token);
    const stored = useSessionStore.getState().companyId;
    const company = companies.find((c) => c.id === stored) ?? companies[0];
    if (!company) throw new ApiError('NO_ALLOWED_COMPANY_FOUND', 403);
    const [profile, account] = await Promise.all([
      fetchProfile(company.id, token),
      // The account chip can retry on its own; a missing account does not block the sign-in.
      fetchAccount(company.id, token).catch(() => undefined),
    ]);
    queryClient.setQueryData(sessionKeys.companies, companies);
    queryClient.setQueryData(sessionKeys.profile(company.id), profile);
    if (account) queryClient.setQueryData(sessionKeys.account(company.id), account);
    await startSession({ token, companyId: company.id, rememberMe: values.rememberMe, user, ...device });
  } catch (error) {
    // Without companies or a profile the user counts as signed out; do not leave the token alive.
    void callApi(authApi.logout, { token, silent: true }).catch(() => undefined);
    await endSession();
    throw error;
  }
}

/**
 * Every call of the sequence is silent (the company and profile look-ups are
 * the guards' too, which retry instead): a failed sign-in is toasted here,
 * once, whichever step failed.
 */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onError: (error) => notifyApiError(toApiError(error)) });
}
