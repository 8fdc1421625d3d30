import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { saveShellLanguage } from '../bridge';
import type { LocaleBundle } from './bundle';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, rememberLanguage, storedLanguage, type Language } from './language';

export { LANGUAGES, type Language } from './language';

export const i18n = i18next.createInstance();

/** One chunk per language: a signed-in English counter never downloads the Bengali texts, and vice versa. */
const BUNDLES: Record<Language, () => Promise<{ bundle: LocaleBundle }>> = {
  en: () => import('./bundle-en'),
  bn: () => import('./bundle-bn'),
};

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return;
  const { bundle } = await BUNDLES[language]();
  for (const [namespace, resources] of Object.entries(bundle))
    i18n.addResourceBundle(language, namespace, resources, true, true);
}

/** dayjs and the document follow i18next; antd's locale follows it in the providers. */
function applySideLocales(language: Language): void {
  dayjs.locale(language);
  document.documentElement.lang = language;
}

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: {},
      partialBundledLanguages: true,
      defaultNS: 'common',
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
  }
  // English is the fallback, so it is always there.
  await Promise.all([ensureLoaded(DEFAULT_LANGUAGE), ensureLoaded(language)]);
  await i18n.changeLanguage(language);
  applySideLocales(language);
  return i18n;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches i18next, dayjs and (through the providers) antd together, and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  applySideLocales(language);
  rememberLanguage(language);
  await i18n.changeLanguage(language);
  void saveShellLanguage(language);
}
