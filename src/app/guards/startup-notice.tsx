import type { FetchStatus } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-error';
import { isTransientFailure } from '../../lib/queries/session-retry';
import { logout } from '../../lib/session';
import '../../components/plain/plain.css';

/** A 401 was already dealt with by the client (signed out, on the way to /login). */
export const alreadySignedOut = (error: unknown) => error instanceof ApiError && error.sessionExpired;

/**
 * The start-up is waiting for the server: say why, keep trying, and let the
 * agent try now or log out. Plain markup: it shows before antd has loaded.
 */
export function StartupNotice({ title, detail, onRetry }: { title: string; detail: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div role="alert" aria-labelledby={titleId} className="pl-notice">
      <h1 id={titleId}>{title}</h1>
      <p>{detail}</p>
      <div className="pl-notice-actions">
        <button type="button" className="pl-btn pl-btn-primary" onClick={onRetry}>
          {t('startup.retryNow')}
        </button>
        <button type="button" className="pl-btn" onClick={() => void logout()}>
          {t('topBar.logout')}
        </button>
      </div>
    </div>
  );
}

/** What of a session look-up (useQuery) the notice reads. */
interface SessionQuery {
  fetchStatus: FetchStatus;
  failureReason: unknown;
  refetch: (options: { cancelRefetch: boolean }) => Promise<unknown>;
}

/**
 * The session's look-ups (lib/queries/session-retry) waiting on the link: a
 * try failed with no answer or a server failure and the next is due, or the
 * browser is offline (the look-up is paused). Then a notice says so, with
 * "Try now" and "Log out"; the stored session stays. Null while none waits.
 */
export function LinkWaitNotice({ queries }: { queries: SessionQuery[] }) {
  const { t } = useTranslation();
  const failures = queries.filter((q) => q.fetchStatus === 'paused' || isTransientFailure(q.failureReason));
  if (failures.length === 0) return null;
  const offline =
    !navigator.onLine ||
    failures.some(
      (q) =>
        q.fetchStatus === 'paused' ||
        (q.failureReason instanceof ApiError && q.failureReason.reason === 'NO_INTERNET_CONNECTION'),
    );
  return (
    <StartupNotice
      title={t(offline ? 'errors:NO_INTERNET_CONNECTION' : 'startup.unreachable')}
      detail={t('startup.retrying')}
      onRetry={() => failures.forEach((q) => void q.refetch({ cancelRefetch: true }))}
    />
  );
}

/** Whether LinkWaitNotice shows for these look-ups. */
export function waitingOnLink(queries: SessionQuery[]): boolean {
  return queries.some((q) => q.fetchStatus === 'paused' || isTransientFailure(q.failureReason));
}
