/**
 * A report as one document for the print path (the shell's silent printHtml,
 * else the browser's dialog), on the agent's paper (listPageCss: a landscape
 * A4 sheet, or on a roll one block of "column: value" lines per row): a
 * header (company, outlet, period, generated at), the table and its totals
 * row. Plain HTML without scripts; every text is escaped.
 */
import type { PaperSize } from '@agent-portal/contract';
import { escapeHtml } from '../../../lib/escape-html';
import { listPageCss } from '../../../lib/printing/list-style';

export interface PrintableReport {
  title: string;
  language: 'en' | 'bn';
  header: { label: string; value: string }[];
  columns: { title: string; numeric: boolean }[];
  rows: string[][];
  /** The totals row, one text per column ('' where there is no total). */
  totals: string[] | null;
  /** The agent's paper (print preferences); A4 when not given. */
  paper?: PaperSize;
}

export function reportHtml(report: PrintableReport): string {
  const cls = (i: number) => (report.columns[i]?.numeric ? ' class="num"' : '');
  /** A cell names its column (data-label): on a roll each row prints as "column: value" lines. */
  const cell = (i: number) => `${cls(i)} data-label="${escapeHtml(report.columns[i]?.title ?? '')}"`;
  const head = report.columns.map((c, i) => `<th${cls(i)}>${escapeHtml(c.title)}</th>`).join('');
  const body = report.rows
    .map((row) => `<tr>${row.map((value, i) => `<td${cell(i)}>${escapeHtml(value)}</td>`).join('')}</tr>`)
    .join('\n');
  const totals = report.totals
    ? `<tfoot><tr>${report.totals.map((value, i) => `<td${cell(i)}>${escapeHtml(value)}</td>`).join('')}</tr></tfoot>`
    : '';
  const header = report.header
    .map((h) => `<div><span>${escapeHtml(h.label)}</span> <strong>${escapeHtml(h.value)}</strong></div>`)
    .join('');
  return `<!doctype html>
<html lang="${report.language}"><head><meta charset="utf-8"><title>${escapeHtml(report.title)}</title>
<style>
* { box-sizing: border-box; }
body { font-family: 'Ticket Bengali', 'Noto Sans Bengali', Arial, sans-serif; font-size: 10px; color: #000; margin: 0; }
h1 { font-size: 16px; margin: 0 0 6px; }
.meta { display: flex; flex-wrap: wrap; gap: 4px 18px; margin-bottom: 10px; }
.meta span { color: #444; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #999; padding: 3px 4px; text-align: left; vertical-align: top; }
th { background: #eee; }
thead { display: table-header-group; }
tfoot td { font-weight: 700; background: #f5f5f5; }
tr { page-break-inside: avoid; }
.num { text-align: right; white-space: nowrap; }
${listPageCss(report.paper ?? 'A4')}
</style></head>
<body>
<h1>${escapeHtml(report.title)}</h1>
<div class="meta">${header}</div>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody>${totals}</table>
</body></html>`;
}
