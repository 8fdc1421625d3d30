/**
 * The deposit receipt: a small HTML document for the counter's receipt roll
 * (58/80 mm) or A4, printed through the same path as the extra weight
 * receipt. Plain HTML without scripts; every text is escaped.
 */
import type { Deposit, PaperSize, Voucher } from '@agent-portal/contract';
import { escapeHtml } from '../../lib/escape-html';
import { receiptStyleSheet } from '../../lib/receipt-style';

export interface DepositReceiptText {
  language: 'en' | 'bn';
  label: (key: string) => string;
  status: string;
  money: (amount: number) => string;
  dateTime: (iso: string) => string;
}

export function depositReceiptHtml(
  deposit: Deposit,
  voucher: Voucher,
  paper: PaperSize,
  text: DepositReceiptText,
  printedAt: Date,
): string {
  const l = text.label;
  const row = (label: string, value: string | null) =>
    value ? `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>` : '';
  return `<!doctype html>
<html lang="${text.language}"><head><meta charset="utf-8"><title>${escapeHtml(`${l('title')} ${voucher.voucherNo}`)}</title>
<style>
${receiptStyleSheet(paper, `.voucher { font-family: monospace; font-size: 1.3em; text-align: center; margin: 1mm 0 2mm; }`)}
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
