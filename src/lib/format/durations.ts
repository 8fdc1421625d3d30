import { currentLanguage, type Language } from '../i18n';
import { formatCount, formatDigits } from './numbers';

/** A countdown as minutes and seconds, "4:05" / "৪:০৫", in the language's digits. */
export function formatMinutesSeconds(totalSeconds: number, language: Language = currentLanguage()): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${formatCount(Math.floor(seconds / 60), language)}:${formatDigits(String(seconds % 60).padStart(2, '0'), language)}`;
}
