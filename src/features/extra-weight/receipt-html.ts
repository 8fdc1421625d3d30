/**
 * The extra weight receipt: a small HTML document for the counter's receipt
 * roll (58/80 mm) or A4, printed through the same path as tickets. Plain
 * HTML without scripts; every text is escaped.
 */
import type { ExtraWeightCharge, PaperSize } from '@agent-portal/contract';
import { escapeHtml } from '../../lib/escape-html';
import { receiptStyleSheet } from '../../lib/receipt-style';

export type ReceiptKind = 'ORIGINAL' | 'REPRINT' | 'RETURN';

export interface ReceiptText {
  language: 'en' | 'bn';
  label: (key: string) => string;
  money: (amount: number) => string;
  dateTime: (iso: string) => string;
  date: (localDate: string) => string;
}

export function receiptHtml(
  charge: ExtraWeightCharge,
  kind: ReceiptKind,
  paper: PaperSize,
  text: ReceiptText,
  printedAt: Date,
  voucherNo: string | null = null,
): string {
  const l = text.label;
  const row = (label: string, value: string | null) =>
    value ? `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>` : '';
  const isReturn = kind === 'RETURN';
  const title = isReturn ? l('returnTitle') : l('title');
  return `<!doctype html>
<html lang="${text.language}"><head><meta charset="utf-8"><title>${escapeHtml(`${title} ${charge.pnr}`)}</title>
<style>
${receiptStyleSheet(paper, `.flag { text-align: center; font-weight: 700; letter-spacing: 0.1em; border: 0.3mm solid #000; margin: 1mm 0 2mm; }\n.pnr { font-family: monospace; font-size: 1.3em; text-align: center; margin: 1mm 0 2mm; }`)}
</style></head>
<body><div class="receipt">
<h1>${escapeHtml(title)}</h1>
${kind === 'REPRINT' ? `<div class="flag">${escapeHtml(l('reprint'))}</div>` : ''}
<div class="pnr">${escapeHtml(charge.pnr)}</div>
<table>
${row(l('voucherNo'), voucherNo)}
${row(l('ticketPnr'), charge.reservationPnr)}
${row(l('passenger'), charge.passengerName)}
${row(l('route'), charge.routeName)}
${row(l('coach'), charge.coachCode)}
${row(l('tripDate'), charge.tripDate ? text.date(charge.tripDate) : null)}
${row(l('description'), charge.description)}
${row(l('issued'), text.dateTime(charge.issueTime))}
${isReturn && charge.cancelTime ? row(l('returned'), text.dateTime(charge.cancelTime)) : ''}
${row(l('agent'), charge.agentUser)}
${row(l('outlet'), charge.outlet)}
</table>
<div class="total"><span>${escapeHtml(isReturn ? l('refund') : l('amount'))}</span><span>${escapeHtml(text.money(charge.amount))}</span></div>
<div class="foot">${escapeHtml(l('printedAt'))} ${escapeHtml(text.dateTime(printedAt.toISOString()))}</div>
</div></body></html>`;
}
