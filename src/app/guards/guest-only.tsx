import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useProfile } from '../../lib/queries/profile';
import { clearRedirect, endSession } from '../../lib/session';
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
  const target = useRef<string | null>(null);
  const profile = useProfile();
  const homepage = useHomepage();
  const ready = companyId === null || profile.isSuccess;

  useEffect(() => {
    if (profile.isError) void endSession();
  }, [profile.isError]);

  // The target is fixed once, so a repeated effect (StrictMode) goes to the same place after it is cleared.
  useEffect(() => {
    if (!ready) return;
    target.current ??= safeRedirect(useSessionStore.getState().redirectUrl) ?? homepage;
    void navigate(target.current, { replace: true });
    clearRedirect();
  }, [ready, homepage, navigate]);

  return <PageSpinner />;
}

export function GuestOnly() {
  const token = useSessionStore((s) => s.token);
  return token ? <LeaveForHome /> : <Outlet />;
}
