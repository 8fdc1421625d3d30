import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useProfile } from '../../lib/queries/profile';
import { endSession, takeRedirect } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';
import { useHomepage } from '../use-menu';
import { safeRedirect } from './safe-redirect';

/**
 * /login and /forgot-password are for signed-out users. A signed-in user goes
 * to the saved redirect target, else their homepage, else /.
 */
function LeaveForHome() {
  const navigate = useNavigate();
  const companyId = useSessionStore((s) => s.companyId);
  const profile = useProfile();
  const homepage = useHomepage();
  const ready = companyId === null || profile.isSuccess;

  useEffect(() => {
    if (profile.isError) void endSession();
  }, [profile.isError]);

  useEffect(() => {
    if (ready) void navigate(safeRedirect(takeRedirect()) ?? homepage, { replace: true });
  }, [ready, homepage, navigate]);

  return <PageSpinner />;
}

export function GuestOnly() {
  const token = useSessionStore((s) => s.token);
  return token ? <LeaveForHome /> : <Outlet />;
}
