/**
 * The deposit receipt: a small HTML document for the counter's receipt roll
 * (58/80 mm) or A4, printed through the same path as the extra weight
 * receipt. Plain HTML without scripts; every text is escaped.
 */
import type { Deposit, PaperSize, Voucher } from '@agent-portal/contract';
import { escapeHtml } from '../../lib/escape-html';

export interface DepositReceiptText {
  language: 'en' | 'bn';
  label: (key: string) => string;
  status: string;
  money: (amount: number) => string;
  dateTime: (iso: string) => string;
}

const WIDTH: Record<PaperSize, string> = { '58mm': '54mm', '80mm': '74mm', A4: '100mm' };

export function depositReceiptHtml(deposit: Deposit, voucher: Voucher, paper: PaperSize, text: DepositReceiptText, printedAt: Date): string {
  const l = text.label;
  const row = (label: string, value: string | null) => (value ? `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>` : '');
  return `<!doctype html>
<html lang="${text.language}"><head><meta charset="utf-8"><title>${escapeHtml(`${l('title')} ${voucher.voucherNo}`)}</title>
<style>
@page { size: ${paper === 'A4' ? 'A4' : `${paper.replace('mm', '')}mm auto`}; margin: ${paper === 'A4' ? '15mm' : '0'}; }
body { margin: 0; font-family: 'Ticket Bengali', 'Noto Sans Bengali', 'Noto Sans', 'Segoe UI', Arial, sans-serif; font-size: ${paper === '58mm' ? '8.5pt' : '9.5pt'}; color: #000; }
.receipt { width: ${WIDTH[paper]}; padding: 2mm; }
h1 { font-size: 1.2em; text-align: center; margin: 0 0 1mm; }
h2 { font-size: 1em; text-align: center; margin: 0 0 2mm; font-weight: 600; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-weight: 400; padding: 0.5mm 2mm 0.5mm 0; vertical-align: top; white-space: nowrap; }
td { text-align: right; padding: 0.5mm 0; word-break: break-word; }
.voucher { font-family: monospace; font-size: 1.3em; text-align: center; margin: 1mm 0 2mm; }
.total { border-top: 0.3mm dashed #000; margin-top: 2mm; padding-top: 1mm; display: flex; justify-content: space-between; font-weight: 700; font-size: 1.15em; }
.foot { margin-top: 3mm; text-align: center; font-size: 0.85em; }
</style></head>
<body><div class="receipt">
<h1>${escapeHtml(l('title'))}</h1>
<h2>${escapeHtml(voucher.companyName)}</h2>
<div class="voucher">${escapeHtml(voucher.voucherNo)}</div>
<table>
${row(l('voucherNo'), voucher.voucherNo)}
${row(l('transactionId'), deposit.transactionId)}
${row(l('referenceNumber'), deposit.referenceNumber)}
${row(l('requested'), text.dateTime(deposit.dateTime))}
${row(l('status'), text.status)}
${row(l('description'), deposit.description)}
${row(l('remarks'), deposit.remarks)}
${row(l('agent'), voucher.agentName)}
${row(l('outlet'), deposit.outlet)}
${row(l('user'), deposit.user)}
</table>
<div class="total"><span>${escapeHtml(l('amount'))}</span><span>${escapeHtml(text.money(deposit.amount))}</span></div>
<div class="foot">${escapeHtml(l('printedAt'))} ${escapeHtml(text.dateTime(printedAt.toISOString()))}</div>
</div></body></html>`;
}
