import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { ApiError } from '../../lib/api/api-error';
import { useCompanies } from '../../lib/queries/companies';
import { useProfile } from '../../lib/queries/profile';
import { isTransientFailure } from '../../lib/queries/session-retry';
import { endSession, logout, rememberRedirect, selectCompany } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';

/** Signed out: keep where the user wanted to go (unless they just logged out) and go to /login. */
function RedirectToLogin() {
  const location = useLocation();
  const signedOut = useSessionStore((s) => s.signedOut);
  useEffect(() => {
    if (!signedOut) rememberRedirect(`${location.pathname}${location.search}`);
  }, [signedOut, location.pathname, location.search]);
  return <Navigate to="/login" replace />;
}

/** A 401 was already dealt with by the client (signed out, on the way to /login). */
const alreadySignedOut = (error: unknown) => error instanceof ApiError && error.sessionExpired;

/** The start-up is waiting for the server: say why, keep trying, and let the agent try now or log out. */
function StartupNotice({ title, detail, onRetry, testId }: { title: string; detail: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid={testId} style={{ maxWidth: 480, margin: '15vh auto', padding: 24, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, fontWeight: 600 }}>{title}</h1>
      <p>{detail}</p>
      <Flex gap={8} justify="center">
        <Button type="primary" onClick={onRetry}>
          {t('startup.retryNow')}
        </Button>
        <Button onClick={() => void logout()}>{t('topBar.logout')}</Button>
      </Flex>
    </div>
  );
}

/**
 * Signed in: make sure a company is chosen (the stored one while it is still
 * allowed, else the first) and the profile loads.
 * - No answer or a server failure (offline, unreachable, 5xx): the look-ups
 *   keep trying with backoff (lib/queries/session-retry) under a notice, and
 *   the stored session, "remember me" included, stays.
 * - A refused or empty company list: the company is cleared, the session stays.
 * - A refused profile: signed out. A 401 anywhere: signed out by the client.
 */
function SessionGate() {
  const { t } = useTranslation();
  const companyId = useSessionStore((s) => s.companyId);
  const companies = useCompanies();
  const profile = useProfile();

  const companiesRefused = companies.isError && !alreadySignedOut(companies.error);
  const noCompany = companiesRefused || companies.data?.length === 0;
  const profileRefused = profile.isError && !alreadySignedOut(profile.error);

  useEffect(() => {
    if (profileRefused) {
      void endSession();
      return;
    }
    if (noCompany) {
      if (companyId !== null) void selectCompany(null);
      return;
    }
    const list = companies.data;
    if (list && !list.some((c) => c.id === companyId)) void selectCompany(list[0]?.id ?? null);
  }, [companies.data, noCompany, profileRefused, companyId]);

  if (profile.data && companies.data?.length) return <Outlet />;
  if (noCompany) {
    return (
      <StartupNotice
        testId="no-company-notice"
        title={t('errors:NO_ALLOWED_COMPANY_FOUND')}
        detail={t('startup.noCompanyDetail')}
        onRetry={() => void companies.refetch()}
      />
    );
  }
  // Waiting on the link: a try failed and the next is due, or the browser is offline (the look-up is paused).
  const failures = [companies, profile].filter((q) => q.fetchStatus === 'paused' || isTransientFailure(q.failureReason));
  if (failures.length > 0) {
    const offline = !navigator.onLine || failures.some((q) => q.fetchStatus === 'paused' || (q.failureReason instanceof ApiError && q.failureReason.reason === 'NO_INTERNET_CONNECTION'));
    return (
      <StartupNotice
        testId="startup-retry-notice"
        title={t(offline ? 'errors:NO_INTERNET_CONNECTION' : 'startup.unreachable')}
        detail={t('startup.retrying')}
        onRetry={() => failures.forEach((q) => void q.refetch({ cancelRefetch: true }))}
      />
    );
  }
  return <PageSpinner />;
}

export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  return token ? <SessionGate /> : <RedirectToLogin />;
}
