/**
 * A reservation history row's remarks in the screen's language. The server
 * sends its own remarks as a code and parameters (contract
 * plain/history-remarks.ts) beside the English text; they are said here from
 * common:historyRemarks with the amounts, numbers and times in the language's
 * digits. Text an agent typed, or a server that sends no code, shows as written.
 * Used by the ticket-operation history and the reservation-history report.
 */
import type { HistoryRemark } from '@agent-portal/contract/plain';
import { formatDate, formatDigits, formatMoney, formatNumber } from './format';
import { currentLanguage, i18n, type Language } from './i18n';

/** `placeName`: a stop's name as the server wrote it, in the screen's language (the boarding change names two). */
export function historyRemarkText(
  remark: HistoryRemark | null | undefined,
  remarks: string | null,
  placeName: (name: string) => string = (name) => name,
  language: Language = currentLanguage(),
): string {
  if (!remark) return remarks ?? '';
  const p = remark.params;
  const values: Record<string, string> = { ...p };
  if (p.fine !== undefined) values.fine = formatMoney(Number(p.fine), '', language);
  if (p.percent !== undefined) values.percent = formatNumber(Number(p.percent), language);
  if (p.request !== undefined) values.request = formatDigits(p.request, language);
  if (p.until !== undefined) values.until = formatDate(p.until, 'dateTime', language);
  if (p.from !== undefined) values.from = placeName(p.from);
  if (p.to !== undefined) values.to = placeName(p.to);
  return i18n.t(`common:historyRemarks.${remark.code}`, { ...values, lng: language });
}
