import type { PaperSize } from '@agent-portal/contract';

/**
 * Printable width of a receipt on each paper: a roll's width less the printer's margins; A4 gets a receipt-sized
 * column.
 */
const RECEIPT_WIDTH: Record<PaperSize, string> = { '58mm': '54mm', '80mm': '74mm', A4: '100mm' };

/**
 * The style sheet every counter receipt shares (extra weight, deposit): the
 * page fitted to the roll, the Bengali-capable font stack, a label/value
 * table and the total line. `extra` adds the receipt's own rules.
 */
export function receiptStyleSheet(paper: PaperSize, extra = ''): string {
  return `@page { size: ${paper === 'A4' ? 'A4' : `${paper.replace('mm', '')}mm auto`}; margin: ${paper === 'A4' ? '15mm' : '0'}; }
body { margin: 0; font-family: 'Ticket Bengali', 'Noto Sans Bengali', 'Noto Sans', 'Segoe UI', Arial, sans-serif; font-size: ${paper === '58mm' ? '8.5pt' : '9.5pt'}; color: #000; }
.receipt { width: ${RECEIPT_WIDTH[paper]}; padding: 2mm; }
h1 { font-size: 1.2em; text-align: center; margin: 0 0 1mm; }
h2 { font-size: 1em; text-align: center; margin: 0 0 2mm; font-weight: 600; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-weight: 400; padding: 0.5mm 2mm 0.5mm 0; vertical-align: top; white-space: nowrap; }
td { text-align: right; padding: 0.5mm 0; word-break: break-word; }
.total { border-top: 0.3mm dashed #000; margin-top: 2mm; padding-top: 1mm; display: flex; justify-content: space-between; font-weight: 700; font-size: 1.15em; }
.foot { margin-top: 3mm; text-align: center; font-size: 0.85em; }
${extra}`;
}
