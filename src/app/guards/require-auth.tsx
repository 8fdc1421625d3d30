import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { toApiError } from '../../lib/api/api-error';
import { loadTexts } from '../../lib/i18n';
import { notifyApiError } from '../../lib/notify/notifier';
import { useCompanies } from '../../lib/queries/companies';
import { useProfile } from '../../lib/queries/profile';
import { endSession, rememberRedirect, selectCompany } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';
import { EXPIRED_PASSWORD_PAGE } from '../route-table';
import { alreadySignedOut, LinkWaitNotice, StartupNotice, waitingOnLink } from './startup-notice';

/** The password change alone, for a session whose password expired (its own chunk, with antd and the auth texts). */
const ExpiredPassword = lazy(() =>
  Promise.all([import('../antd-scope'), EXPIRED_PASSWORD_PAGE.page(), loadTexts(EXPIRED_PASSWORD_PAGE.texts)]).then(
    ([scope, Page]) => ({ default: scope.withAntd(Page) }),
  ),
);

/** PASSWORD_EXPIRED: the session is not refused, it waits for the password change. */
const expiredPassword = (error: unknown) => error !== null && toApiError(error).reason === 'PASSWORD_EXPIRED';

/** Signed out: keep where the user wanted to go (unless they just logged out) and go to /login. */
function RedirectToLogin() {
  const location = useLocation();
  const signedOut = useSessionStore((s) => s.signedOut);
  useEffect(() => {
    if (!signedOut) rememberRedirect(`${location.pathname}${location.search}`);
  }, [signedOut, location.pathname, location.search]);
  return <Navigate to="/login" replace />;
}

/**
 * Signed in: make sure a company is chosen (the stored one while it is still
 * allowed, else the first) and the profile loads.
 * - No answer or a server failure (offline, unreachable, 5xx): the look-ups
 *   keep trying with backoff (lib/queries/session-retry) under a notice, and
 *   the stored session, "remember me" included, stays.
 * - A refused or empty company list: the company is cleared, the session stays.
 * - A refused profile: toasted, signed out. A 401 anywhere: signed out by the client.
 * - PASSWORD_EXPIRED on any call (the password expired while signed in): only the password change shows.
 */
function SessionGate() {
  const { t } = useTranslation();
  const companyId = useSessionStore((s) => s.companyId);
  const passwordExpired = useSessionStore((s) => s.passwordExpired);
  const companies = useCompanies();
  const profile = useProfile();

  const companiesRefused = companies.isError && !alreadySignedOut(companies.error) && !expiredPassword(companies.error);
  const noCompany = !passwordExpired && (companiesRefused || companies.data?.length === 0);
  const profileRefused = profile.isError && !alreadySignedOut(profile.error) && !expiredPassword(profile.error);

  useEffect(() => {
    if (profileRefused) {
      // The look-up is silent (it retries through a flaky link); a refusal is said once, here.
      if (profile.error) notifyApiError(toApiError(profile.error));
      void endSession();
      return;
    }
    if (noCompany) {
      if (companyId !== null) void selectCompany(null);
      return;
    }
    const list = companies.data;
    if (list && !list.some((c) => c.id === companyId)) void selectCompany(list[0]?.id ?? null);
  }, [companies.data, noCompany, profileRefused, profile.error, companyId]);

  if (passwordExpired)
    return (
      <Suspense fallback={<PageSpinner />}>
        <ExpiredPassword />
      </Suspense>
    );
  if (profile.data && companies.data?.length) return <Outlet />;
  if (noCompany) {
    return (
      <StartupNotice
        title={t('errors:NO_ALLOWED_COMPANY_FOUND')}
        detail={t('startup.noCompanyDetail')}
        onRetry={() => void companies.refetch()}
      />
    );
  }
  // Waiting on the link: a try failed and the next is due, or the browser is offline (the look-up is paused).
  if (waitingOnLink([companies, profile])) return <LinkWaitNotice queries={[companies, profile]} />;
  return <PageSpinner />;
}

export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  return token ? <SessionGate /> : <RedirectToLogin />;
}
