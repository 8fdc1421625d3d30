import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { notifyReason } from '../lib/notify/notifier';
import { queryClient } from '../lib/query-client';

/** The toasts are antd's, in a chunk of their own (with antd's configuration): they are not on the sign-in load. */
const NotificationHost = lazy(() => import('./notification-host'));

/** Going offline and coming back are announced. */
function ConnectivityWatcher() {
  useEffect(() => {
    const offline = () => notifyReason('NO_INTERNET_CONNECTION');
    const online = () => notifyReason('CONNECTION_AVAILABLE_NOW', undefined, 'success');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return null;
}

/**
 * Texts, queries, toasts. No antd here: the entry and the sign-in page load
 * none; the screens that use antd get its configuration from AntdScope
 * (antd-scope.tsx), which loads with them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <NotificationHost />
        </Suspense>
        <ConnectivityWatcher />
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
