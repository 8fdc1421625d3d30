import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { saveShellLanguage } from '../bridge';
import { DEFAULT_LANGUAGE, isLanguage, rememberLanguage, storedLanguage, type Language } from './language';
import { NAMESPACES, resources } from './resources';

export { LANGUAGES, type Language } from './language';

export const i18n = i18next.createInstance();

/** dayjs and the document follow i18next; antd's locale follows it in the providers. */
function applySideLocales(language: Language): void {
  dayjs.locale(language);
  document.documentElement.lang = language;
}

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources,
      ns: NAMESPACES,
      defaultNS: 'common',
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['en', 'bn'],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  applySideLocales(language);
  return i18n;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches i18next, dayjs and (through the providers) antd together, and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  applySideLocales(language);
  rememberLanguage(language);
  await i18n.changeLanguage(language);
  void saveShellLanguage(language);
}
