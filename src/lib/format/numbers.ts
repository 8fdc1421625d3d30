/**
 * Numbers in the language's digits: THE number formatter of the portal. Money,
 * counts, dates and times all come through here (dates.ts, money.ts), and the
 * texts' own numbers through i18next's `{{n, number}}`, which is the same
 * Intl.NumberFormat: in Bengali (bn-BD) Intl writes Bengali digits (৫৯, ১২,৩৪৫)
 * and the Indian grouping, so no screen builds digits by hand.
 */
import { currentLanguage, type Language } from '../i18n';

/** Intl's locale for each language of the portal. */
export const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };

const cache = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat (they are slow to build and the tables format thousands of cells). */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(NUMBER_LOCALES[language], options);
    cache.set(key, f);
  }
  return f;
}

/** A whole number with grouping in the language's digits (10,000 / ১০,০০০). */
export function formatCount(n: number, language: Language = currentLanguage()): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(n);
}

/**
 * A run of Latin digits (a date's or time's field, as dayjs writes it) in the
 * language's digits, keeping its leading zeros and without grouping (2026, 07).
 */
export function formatDigits(digits: string, language: Language = currentLanguage()): string {
  if (language === 'en') return digits;
  return numberFormat(language, { useGrouping: false, minimumIntegerDigits: digits.length }).format(Number(digits));
}

/** A number with up to 2 decimals and grouping in the language's digits (2.5 / ২.৫): rates, percentages. */
export function formatNumber(n: number, language: Language = currentLanguage()): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(n);
}
