/**
 * The ticket's CSS per paper. Roll papers get `@page { size: <roll> auto;
 * margin: 0 }` and a content column a little narrower than the roll (the
 * printable width of 80 mm heads is about 72 mm, of 58 mm heads about 48 mm);
 * A4 gets a framed ticket at the top of the page. Pure black on white:
 * thermal heads turn greys into speckle.
 */
import type { PaperSize } from '@agent-portal/contract';
import { TICKET_BENGALI_FAMILY } from './ticket-fonts';

interface PaperMetrics {
  page: string;
  /** Narrow rolls stack the QR code over the PNR; wider papers set them side by side. */
  stackPnr: boolean;
  width: string;
  fontSize: string;
  pnrSize: string;
  qrSize: string;
  frame: string;
}

const PAPER: Record<PaperSize, PaperMetrics> = {
  '80mm': {
    page: 'size: 80mm auto; margin: 0',
    stackPnr: false,
    width: '72mm',
    fontSize: '9pt',
    pnrSize: '14pt',
    qrSize: '26mm',
    frame: 'none',
  },
  '58mm': {
    page: 'size: 58mm auto; margin: 0',
    stackPnr: true,
    width: '48mm',
    fontSize: '7.5pt',
    pnrSize: '11pt',
    qrSize: '20mm',
    frame: 'none',
  },
  A4: {
    page: 'size: A4; margin: 12mm',
    stackPnr: false,
    width: '180mm',
    fontSize: '10.5pt',
    pnrSize: '18pt',
    qrSize: '32mm',
    frame: '0.4mm solid #000',
  },
};

export function qrSizeFor(paper: PaperSize): string {
  return PAPER[paper].qrSize;
}

/**
 * Note: Chromium drops `size: 80mm auto` (CSS has no "auto height"), keeping
 * only `margin: 0`. It stays as the statement of intent; the real page size
 * comes from the shell's explicit pageSize in microns, and in a browser from
 * printHtmlInBrowser, which measures the ticket and sets an exact @page.
 */
export function ticketCss(paper: PaperSize): string {
  const p = PAPER[paper];
  const roll = paper !== 'A4';
  return `
@page { ${p.page}; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body {
  font-family: '${TICKET_BENGALI_FAMILY}', 'Noto Sans', 'Segoe UI', Arial, sans-serif;
  font-size: ${p.fontSize};
  line-height: 1.35;
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
.ticket {
  width: ${p.width};
  margin: 0 auto;
  padding: ${roll ? '3mm 0 5mm' : '6mm 7mm'};
  border: ${p.frame};
  border-radius: ${roll ? '0' : '3mm'};
  overflow-wrap: anywhere;
}
h1 { margin: 0; font-size: 1.3em; font-weight: 700; text-align: center; }
.subtitle { display: flex; justify-content: space-between; align-items: baseline; gap: 2mm; margin: 1mm 0 2mm; }
.print-type { border: 0.3mm solid #000; padding: 0 1.5mm; font-weight: 700; letter-spacing: 0.05em; }
.pnr-block { display: flex; flex-direction: ${p.stackPnr ? 'column' : 'row'}; align-items: center; gap: ${p.stackPnr ? '1mm' : '3mm'}; text-align: ${p.stackPnr ? 'center' : 'left'}; padding: 2mm 0; border-top: 0.3mm dashed #000; border-bottom: 0.3mm dashed #000; }
.pnr-block .qr { flex: none; }
.pnr-label { font-size: 0.85em; }
.pnr { font-size: ${p.pnrSize}; white-space: nowrap; font-weight: 700; letter-spacing: 0.06em; font-family: 'DejaVu Sans Mono', Consolas, monospace; }
.pin-note { font-size: 0.85em; }
.status { margin-top: 1mm; font-weight: 700; }
dl { display: grid; grid-template-columns: ${roll ? 'auto 1fr' : 'auto 1fr auto 1fr'}; gap: 0.6mm 2mm; margin: 2mm 0; }
dt { font-weight: 400; white-space: nowrap; }
dd { margin: 0; font-weight: 700; }
.trip { display: grid; grid-template-columns: 1fr auto 1fr; align-items: center; gap: 2mm; margin: 2mm 0; text-align: center; }
.trip .place { font-weight: 700; font-size: 1.1em; }
.trip .arrow { font-size: 1.2em; }
.trip .caption { font-size: 0.8em; font-weight: 400; }
table { width: 100%; border-collapse: collapse; margin: 1.5mm 0; }
th, td { padding: 0.5mm 0; text-align: left; vertical-align: top; }
th { font-weight: 400; border-bottom: 0.3mm solid #000; }
td.amount, th.amount { text-align: right; white-space: nowrap; }
.totals td { padding: 0.3mm 0; }
.totals .grand td { border-top: 0.3mm solid #000; font-weight: 700; font-size: 1.1em; padding-top: 1mm; }
.note { margin: 2mm 0; font-size: 0.85em; text-align: center; }
footer { border-top: 0.3mm dashed #000; padding-top: 1.5mm; font-size: 0.85em; }
footer dl { margin: 0; }
footer dd { font-weight: 400; }
`;
}
