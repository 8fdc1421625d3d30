import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { notifyReason } from '../lib/notify/notifier';
import { queryClient } from '../lib/query-client';

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

/** antd's locale follows i18next's language; Bengali loads when first chosen. */
function useAntdLocale(language: string): Locale {
  const [bn, setBn] = useState<Locale | null>(null);
  useEffect(() => {
    if (language === 'bn' && !bn) void import('antd/es/locale/bn_BD').then((m) => setBn(m.default));
  }, [language, bn]);
  return language === 'bn' && bn ? bn : enUS;
}

/**
 * No motion: a counter app has no use for antd's zooms and slides, and while
 * one runs a click can be lost (an option clicked as its list slides in was
 * not chosen; a dialog's button moved between press and release). The token
 * turns off every motion rendered in this tree; a button's click wave is
 * drawn in a React root of its own, outside it, so it is turned off here too.
 */
const THEME = { token: { motion: false } };
const NO_WAVE = { disabled: true };

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  return (
    <ConfigProvider locale={useAntdLocale(active.language)} theme={THEME} wave={NO_WAVE}>
      <Suspense fallback={null}>
        <NotificationHost />
      </Suspense>
      <ConnectivityWatcher />
      {children}
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
