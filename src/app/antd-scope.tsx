import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { i18n } from '../lib/i18n';

function onLanguageChanged(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

/** i18next's language, read from the portal's instance (the toast host renders outside I18nextProvider in tests). */
function useLanguage(): string {
  return useSyncExternalStore(onLanguageChanged, () => i18n.language);
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

/**
 * antd's configuration (locale, theme, no motion, no wave) for what renders
 * antd. It is not in the entry: the sign-in page and what shows before it
 * (guards, spinner, start-up notices) are plain markup, and antd loads with
 * the first screen that uses it (the signed-in shell, the reset and error
 * pages, the toasts).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={useAntdLocale(useLanguage())} theme={THEME} wave={NO_WAVE}>
      {children}
    </ConfigProvider>
  );
}

/** A lazily loaded page or layout inside AntdScope. */
export function withAntd(Page: ComponentType): ComponentType {
  function AntdPage() {
    return (
      <AntdScope>
        <Page />
      </AntdScope>
    );
  }
  AntdPage.displayName = `withAntd(${Page.displayName ?? Page.name})`;
  return AntdPage;
}
