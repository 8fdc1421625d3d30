import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import bnBD from 'antd/locale/bn_BD';
import enUS from 'antd/locale/en_US';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { bindNotifications, notifyReason } from '../lib/notify/notifier';
import { NOTIFICATION_CONFIG } from '../lib/notify/policy';
import { queryClient } from '../lib/query-client';

/** Hands antd's App-scoped notification instance to code outside React (the API client). */
function NotificationBinding() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    bindNotifications(notification);
    return () => bindNotifications(null);
  }, [notification]);
  return null;
}

/** Going offline and coming back are announced (SPEC.md section 2). */
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

/** antd's locale follows i18next's language (dayjs follows it in lib/i18n). */
function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  return (
    <ConfigProvider locale={active.language === 'bn' ? bnBD : enUS}>
      <AntApp notification={NOTIFICATION_CONFIG}>
        <NotificationBinding />
        <ConnectivityWatcher />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
