import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { saveShellLanguage } from '../bridge';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, rememberLanguage, storedLanguage, type Language } from './language';
import { DEFAULT_NAMESPACE, STARTUP_NAMESPACES } from './namespaces';

export { LANGUAGES, type Language } from './language';
export { STARTUP_NAMESPACES } from './namespaces';

export const i18n = i18next.createInstance();

/**
 * One chunk per language and namespace (src/locales/<language>/<namespace>.json):
 * the start-up loads the few namespaces every screen uses, each route the ones
 * its page uses (loadTexts), and only in the languages in use.
 */
let texts: Record<string, () => Promise<ResourceKey>> | undefined;
/**
 * The chunks, looked up when texts are first loaded, not when this module is: modules that only format (dates,
 * money) import it for currentLanguage, and the ticket renderer is also bundled outside Vite (esbuild, in the
 * desktop print test), where import.meta.glob does not exist.
 */
const textChunks = () => (texts ??= import.meta.glob<ResourceKey>('../../locales/*/*.json', { import: 'default' }));
const textsPath = (language: string, namespace: string) => `../../locales/${language}/${namespace}.json`;

/** Every namespace there is (the English files; locale-parity.test.ts keeps the Bengali ones the same). */
const allNamespaces = () =>
  Object.keys(textChunks())
    .filter((path) => path.includes(`/${DEFAULT_LANGUAGE}/`))
    .map((path) => path.replace(/^.*\/([^/]+)\.json$/, '$1'));

/** i18next's backend over those chunks (what i18next-resources-to-backend does, in a few lines). */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = textChunks()[textsPath(language, namespace)];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let loadEveryNamespace = false;

/**
 * Component tests render pieces of a screen without its route: from then on
 * initI18n loads every namespace (awaited), as the start-up did before routes
 * loaded their own. Called by src/test/setup.ts only.
 */
export function preloadEveryNamespace(): void {
  loadEveryNamespace = true;
}

/** dayjs and the document follow i18next; antd's locale follows it in AntdScope. */
function applySideLocales(language: string): void {
  if (!isLanguage(language)) return;
  dayjs.locale(language);
  document.documentElement.lang = language;
}
// Before any screen re-renders for the new language.
i18n.on('languageChanged', applySideLocales);

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  const namespaces = loadEveryNamespace ? allNamespaces() : STARTUP_NAMESPACES;
  if (!i18n.isInitialized) {
    await i18n
      .use(chunkBackend)
      .use(initReactI18next)
      .init({
        ns: [...namespaces],
        defaultNS: DEFAULT_NAMESPACE,
        lng: language,
        // English is the fallback, so its texts load beside those of any other language.
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
      });
  } else {
    await i18n.loadNamespaces(namespaces);
  }
  await i18n.changeLanguage(language);
  await loadTexts(namespaces);
  return i18n;
}

/**
 * Loads namespaces in the language in use and in English (the fallback); a
 * route waits for its page's before it renders, so no key shows untranslated.
 * Once loaded, a namespace also loads for the new language on every language
 * change, before the change. Fails (to the route's error page) when a text
 * chunk could not load.
 */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0) return;
  await i18n.loadNamespaces(namespaces);
  const missing = (i18n.languages ?? []).flatMap((language) =>
    namespaces.filter((namespace) => !i18n.hasResourceBundle(language, namespace)).map((ns) => `${language}/${ns}`),
  );
  if (missing.length > 0) throw new Error(`texts did not load: ${missing.join(', ')}`);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Switches i18next, dayjs and (through AntdScope) antd together, and remembers
 * the choice. i18next first loads, in the new language, every namespace loaded
 * so far (the current route's among them), so the screen switches in one go.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  rememberLanguage(language);
  void saveShellLanguage(language);
}
