import { currentLanguage, type Language } from '../i18n';
import { numberFormat } from './numbers';

/** THE money formatter: 2 decimals, grouping, the account's currency symbol (e.g. ৳ 1,234.50 / ৳ ১,২৩৪.৫০). */
export function formatMoney(amount: number, symbol = '', language: Language = currentLanguage()): string {
  const text = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return symbol ? `${symbol} ${text}` : text;
}
