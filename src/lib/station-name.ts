import { currentLanguage, type Language } from './i18n';

/** A stop's name in the screen's language: its Bengali name on a Bengali screen where the server has one. */
export function stationName(station: { name: string; nameBn?: string | null }, language: Language = currentLanguage()) {
  return language === 'bn' && station.nameBn ? station.nameBn : station.name;
}
