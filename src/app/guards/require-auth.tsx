import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useCompanies } from '../../lib/queries/companies';
import { useProfile } from '../../lib/queries/profile';
import { endSession, rememberRedirect, selectCompany } from '../../lib/session';
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

/**
 * Signed in: make sure a company is chosen (the stored one while it is still
 * allowed, else the first) and the profile loads. A failed company list or
 * profile ends the session.
 */
function SessionGate() {
  const companyId = useSessionStore((s) => s.companyId);
  const companies = useCompanies();
  const profile = useProfile();

  useEffect(() => {
    if (companies.isError || profile.isError || companies.data?.length === 0) {
      void endSession();
      return;
    }
    const list = companies.data;
    if (list && !list.some((c) => c.id === companyId)) void selectCompany(list[0]?.id ?? null);
  }, [companies.data, companies.isError, profile.isError, companyId]);

  return profile.data ? <Outlet /> : <PageSpinner />;
}

export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  return token ? <SessionGate /> : <RedirectToLogin />;
}
