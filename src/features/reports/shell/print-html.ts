/**
 * A report as one A4 landscape document for the print path (the shell's
 * silent printHtml, else the browser's dialog): a header (company, outlet,
 * period, generated at), the table and its totals row. Plain HTML without
 * scripts; every text is escaped.
 */
import { escapeHtml } from '../../../lib/escape-html';

export interface PrintableReport {
  title: string;
  language: 'en' | 'bn';
  header: { label: string; value: string }[];
  columns: { title: string; numeric: boolean }[];
  rows: string[][];
  /** The totals row, one text per column ('' where there is no total). */
  totals: string[] | null;
}

export function reportHtml(report: PrintableReport): string {
  const cls = (i: number) => (report.columns[i]?.numeric ? ' class="num"' : '');
  const head = report.columns.map((c, i) => `<th${cls(i)}>${escapeHtml(c.title)}</th>`).join('');
  const body = report.rows.map((row) => `<tr>${row.map((cell, i) => `<td${cls(i)}>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  const totals = report.totals ? `<tfoot><tr>${report.totals.map((cell, i) => `<td${cls(i)}>${escapeHtml(cell)}</td>`).join('')}</tr></tfoot>` : '';
  const header = report.header.map((h) => `<div><span>${escapeHtml(h.label)}</span> <strong>${escapeHtml(h.value)}</strong></div>`).join('');
  return `<!doctype html>
<html lang="${report.language}"><head><meta charset="utf-8"><title>${escapeHtml(report.title)}</title>
<style>
@page { size: A4 landscape; margin: 10mm; }
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
</style></head>
<body>
<h1>${escapeHtml(report.title)}</h1>
<div class="meta">${header}</div>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody>${totals}</table>
</body></html>`;
}
