/**
 * The page of a printed list (transactions, reports) on the agent's paper.
 *
 * Lists print on the printer and paper the agent chose in the print
 * preferences, like tickets and receipts: at a counter whose only printer is a
 * receipt roll, a list on that roll is what the agent asked for (an A4 sheet
 * sent to a thermal printer would come out cut or scaled to nothing). So:
 * - A4: a landscape sheet, the table as on screen;
 * - a roll (80 mm, 58 mm): sixteen columns cannot stand side by side in
 *   72 mm, so each row becomes a block of "column: value" lines (every cell
 *   carries its column's name in data-label), the header row is hidden, empty
 *   cells are left out, rows are parted by a dashed rule. Pure black on white
 *   (thermal heads turn greys into speckle). The content column is as narrow
 *   as the ticket's (the printable width of the head).
 * These rules come after the document's own, which they override on a roll.
 */
import type { PaperSize } from '@agent-portal/contract';

const ROLL: Record<Exclude<PaperSize, 'A4'>, { width: string; fontSize: string }> = {
  '80mm': { width: '72mm', fontSize: '8.5pt' },
  '58mm': { width: '48mm', fontSize: '7.5pt' },
};

export function listPageCss(paper: PaperSize): string {
  if (paper === 'A4') return '@page { size: A4 landscape; margin: 10mm; }';
  const roll = ROLL[paper];
  return `
@page { size: ${paper} auto; margin: 0; }
html, body { background: #fff; color: #000; }
body { width: ${roll.width}; margin: 0 auto; padding: 3mm 0 5mm; font-size: ${roll.fontSize}; line-height: 1.3; overflow-wrap: anywhere; }
h1 { font-size: 1.2em; text-align: center; }
.meta, .totals { display: block; margin: 0 0 2mm; }
.meta > *, .totals > * { display: flex; justify-content: space-between; gap: 2mm; }
.meta span { color: #000; }
table, thead, tbody, tfoot, tr, th, td { display: block; width: auto; }
thead { display: none; }
tr { border-top: 0.3mm dashed #000; padding: 1mm 0; page-break-inside: avoid; break-inside: avoid; }
tfoot tr { border-top: 0.3mm solid #000; font-weight: 700; }
body td { display: flex; justify-content: space-between; gap: 2mm; border: 0; padding: 0.2mm 0; background: none; text-align: right; white-space: normal; }
body td::before { content: attr(data-label); flex: none; max-width: 50%; text-align: left; font-weight: 400; }
body td:empty { display: none; }
body tfoot td:first-child::before { content: none; }
`;
}
