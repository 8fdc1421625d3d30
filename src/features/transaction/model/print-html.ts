/**
 * The transactions as a clean document for the print dialog or the shell's
 * printHtml, on the agent's paper (listPageCss: a landscape A4 sheet, or on a
 * roll one block of "column: value" lines per row): a title, the period, the
 * totals and one table. Plain HTML without scripts; every text is escaped.
 */
import type { PaperSize, Transaction, TransactionPage } from '@agent-portal/contract';
import { listPageCss } from '../../../lib/printing/list-style';
import { cellText, TRANSACTION_COLUMNS, type CellText } from './columns';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface PrintLabels {
  title: string;
  period: string;
  printedAt: string;
  company: string;
  totals: { label: string; value: string }[];
  language: 'en' | 'bn';
  /** The agent's paper (print preferences); A4 when not given. */
  paper?: PaperSize;
}

export function transactionsHtml(rows: readonly Transaction[], text: CellText, labels: PrintLabels): string {
  const head = TRANSACTION_COLUMNS.map((c) => `<th class="${c.kind}">${escapeHtml(text.header(c.key))}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${TRANSACTION_COLUMNS.map((c) => `<td class="${c.kind}" data-label="${escapeHtml(text.header(c.key))}">${escapeHtml(cellText(row, c, text))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const totals = labels.totals
    .map((t) => `<div><span>${escapeHtml(t.label)}</span><strong>${escapeHtml(t.value)}</strong></div>`)
    .join('');
  return `<!doctype html>
<html lang="${labels.language}"><head><meta charset="utf-8"><title>${escapeHtml(labels.title)}</title>
<style>
* { box-sizing: border-box; }
body { font-family: 'Ticket Bengali', 'Noto Sans Bengali', 'Noto Sans', 'Segoe UI', Arial, sans-serif; font-size: 8pt; color: #000; margin: 0; }
h1 { font-size: 13pt; margin: 0 0 2mm; }
.meta { display: flex; justify-content: space-between; margin-bottom: 3mm; }
.totals { display: flex; gap: 8mm; margin-bottom: 3mm; }
.totals span { margin-right: 2mm; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 0.2mm solid #999; padding: 1mm; text-align: left; vertical-align: top; word-break: break-word; }
th { background: #eee; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
td.money, th.money { text-align: right; white-space: nowrap; }
td.dateTime { white-space: nowrap; }
${listPageCss(labels.paper ?? 'A4')}
</style></head>
<body>
<h1>${escapeHtml(labels.title)} — ${escapeHtml(labels.company)}</h1>
<div class="meta"><span>${escapeHtml(labels.period)}</span><span>${escapeHtml(labels.printedAt)}</span></div>
<div class="totals">${totals}</div>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table>
</body></html>`;
}

export type Totals = TransactionPage['totals'];
