/**
 * Language helpers for the map's numbers. Fares go through the shared money
 * formatter; counts are plain integers, in Bengali digits in Bengali.
 */
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../../../lib/i18n/language';
import { formatMoney } from '../../../lib/format/money';
import { formatCount as formatLanguageCount } from '../../../lib/format/numbers';

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function formatFare(amount: number, language: Language): string {
  return formatMoney(amount, '৳', language);
}

export function formatCount(count: number, language: Language): string {
  return formatLanguageCount(count, language);
}
