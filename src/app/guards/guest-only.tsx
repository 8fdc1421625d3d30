import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useProfile } from '../../lib/queries/profile';
import { toApiError } from '../../lib/api/api-error';
import { notifyApiError } from '../../lib/notify/notifier';
import { clearRedirect, endSession } from '../../lib/session';
import { useSessionStore } from '../../stores/session-store';
import { useHomepage } from '../use-menu';
import { safeRedirect } from './safe-redirect';
import { alreadySignedOut, LinkWaitNotice, waitingOnLink } from './startup-notice';

/**
 * /login and /forgot-password are for signed-out users. A signed-in user goes
 * to the saved redirect target, else their homepage, else /, once the profile
 * says where that is. As at start-up (require-auth's SessionGate):
 * - a refused profile (an answer: 401, 403...) is toasted and ends the
 *   session: the user counts as signed out and the page shows;
 * - no answer or a server failure keeps the session: the look-up keeps trying
 *   (lib/queries/session-retry) under the same offline/unreachable notice.
 */
function LeaveForHome() {
  const navigate = useNavigate();
  const companyId = useSessionStore((s) => s.companyId);
  const target = useRef<string | null>(null);
  const profile = useProfile();
  const homepage = useHomepage();
  const ready = companyId === null || profile.isSuccess;

  const refused = profile.isError && !alreadySignedOut(profile.error);

  useEffect(() => {
    if (!refused) return;
    // The look-up is silent (it retries through a flaky link); a refusal is said once, here.
    notifyApiError(toApiError(profile.error));
    void endSession();
  }, [refused, profile.error]);

  // The target is fixed once, so a repeated effect (StrictMode) goes to the same place after it is cleared.
  useEffect(() => {
    if (!ready) return;
    target.current ??= safeRedirect(useSessionStore.getState().redirectUrl) ?? homepage;
    void navigate(target.current, { replace: true });
    clearRedirect();
  }, [ready, homepage, navigate]);

  if (waitingOnLink([profile])) return <LinkWaitNotice queries={[profile]} />;
  return <PageSpinner />;
}

export function GuestOnly() {
  const token = useSessionStore((s) => s.token);
  return token ? <LeaveForHome /> : <Outlet />;
}
