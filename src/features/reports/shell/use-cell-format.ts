import { useTranslation } from 'react-i18next';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import type { CellKind } from './types';

export type CellValue = string | number | readonly string[] | null;
export type CellFormat = (kind: CellKind, value: CellValue) => string;

/**
 * How a report cell reads in the screen's language: money with 2 decimals, dates in the portal's formats (lib/format).
 */
export function useCellFormat(): CellFormat {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language === 'bn' ? 'bn' : 'en';
  return (kind, value) => {
    if (value === null || value === undefined) return '';
    switch (kind) {
      case 'money':
        return formatMoney(Number(value), '', language);
      case 'count':
        return formatCount(Number(value), language);
      case 'date':
        return formatDate(String(value), 'date', language);
      case 'dateTime':
        return formatDate(String(value), 'dateTime', language);
      case 'seats':
        return Array.isArray(value)
          ? value.join(', ')
          : typeof value === 'number'
            ? formatCount(value, language)
            : String(value);
      case 'status':
        return t(`common:reservationStatus.${String(value)}`, { defaultValue: String(value) });
      case 'action':
        return t(`actions.${String(value)}`, { defaultValue: String(value) });
      case 'tripState':
        return t(`tripStates.${String(value)}`, { defaultValue: String(value) });
      default:
        return String(value);
    }
  };
}

export const isNumeric = (kind: CellKind) => kind === 'money' || kind === 'count';

/** Sort order of two cells: numbers by value, dates (ISO) and texts as text, empty last. */
export function compareCells(a: CellValue, b: CellValue): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const text = (v: CellValue) => (Array.isArray(v) ? v.join(', ') : String(v));
  return text(a).localeCompare(text(b), undefined, { numeric: true });
}
