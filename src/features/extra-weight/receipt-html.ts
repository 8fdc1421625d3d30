/**
 * The extra weight receipt: a small HTML document for the counter's receipt
 * roll (58/80 mm) or A4, printed through the same path as tickets. Plain
 * HTML without scripts; every text is escaped.
 */
import type { ExtraWeightCharge, PaperSize } from '@agent-portal/contract';
import { escapeHtml } from '../../lib/escape-html';

export type ReceiptKind = 'ORIGINAL' | 'REPRINT' | 'RETURN';

export interface ReceiptText {
  language: 'en' | 'bn';
  label: (key: string) => string;
  money: (amount: number) => string;
  dateTime: (iso: string) => string;
  date: (localDate: string) => string;
}

const WIDTH: Record<PaperSize, string> = { '58mm': '54mm', '80mm': '74mm', A4: '100mm' };

export function receiptHtml(charge: ExtraWeightCharge, kind: ReceiptKind, paper: PaperSize, text: ReceiptText, printedAt: Date, voucherNo: string | null = null): string {
  const l = text.label;
  const row = (label: string, value: string | null) => (value ? `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>` : '');
  const isReturn = kind === 'RETURN';
  const title = isReturn ? l('returnTitle') : l('title');
  return `<!doctype html>
<html lang="${text.language}"><head><meta charset="utf-8"><title>${escapeHtml(`${title} ${charge.pnr}`)}</title>
<style>
@page { size: ${paper === 'A4' ? 'A4' : `${paper.replace('mm', '')}mm auto`}; margin: ${paper === 'A4' ? '15mm' : '0'}; }
body { margin: 0; font-family: 'Ticket Bengali', 'Noto Sans Bengali', 'Noto Sans', 'Segoe UI', Arial, sans-serif; font-size: ${paper === '58mm' ? '8.5pt' : '9.5pt'}; color: #000; }
.receipt { width: ${WIDTH[paper]}; padding: 2mm; }
h1 { font-size: 1.2em; text-align: center; margin: 0 0 1mm; }
h2 { font-size: 1em; text-align: center; margin: 0 0 2mm; font-weight: 600; }
.flag { text-align: center; font-weight: 700; letter-spacing: 0.1em; border: 0.3mm solid #000; margin: 1mm 0 2mm; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-weight: 400; padding: 0.5mm 2mm 0.5mm 0; vertical-align: top; white-space: nowrap; }
td { text-align: right; padding: 0.5mm 0; word-break: break-word; }
.pnr { font-family: monospace; font-size: 1.3em; text-align: center; margin: 1mm 0 2mm; }
.total { border-top: 0.3mm dashed #000; margin-top: 2mm; padding-top: 1mm; display: flex; justify-content: space-between; font-weight: 700; font-size: 1.15em; }
.foot { margin-top: 3mm; text-align: center; font-size: 0.85em; }
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
