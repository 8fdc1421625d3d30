import { currentLanguage, type Language } from '../i18n';

const LOCALES: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };
const formatters = new Map<Language, Intl.NumberFormat>();

function formatter(language: Language): Intl.NumberFormat {
  let f = formatters.get(language);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(language, f);
  }
  return f;
}

/** THE money formatter: 2 decimals, grouping, the account's currency symbol (e.g. ৳ 1,234.50). */
export function formatMoney(amount: number, symbol = '', language: Language = currentLanguage()): string {
  const text = formatter(language).format(amount);
  return symbol ? `${symbol} ${text}` : text;
}

const counters = new Map<Language, Intl.NumberFormat>();
/** A count with grouping in the language's digits (10,000 / ১০,০০০). */
export function formatCount(n: number, language: Language = currentLanguage()): string {
  let f = counters.get(language);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 });
    counters.set(language, f);
  }
  return f.format(n);
}
