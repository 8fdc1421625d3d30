/**
 * Printing a whole HTML document (a transactions list, an extra weight
 * receipt) through the printing feature's path: the desktop shell's silent
 * printHtml when there is a shell, else the browser's print dialog.
 */
import type { PaperSize } from '@agent-portal/contract';
import { loadTicketFonts, printHtmlInBrowser, shellPrintBridge } from '../../features/printing';
import { fontFaceCss } from '../../features/printing/ticket-fonts';

export type PrintOutcome = { ok: true } | { ok: false; reason: string };

const ROLL_WIDTH_MM: Record<PaperSize, number | undefined> = { '80mm': 80, '58mm': 58, A4: undefined };

/**
 * The shell's print window loads nothing from outside and thermal printers
 * have no Bengali: the tickets' embedded Bengali font goes into the document
 * (its family is the first one the records documents ask for).
 */
async function withFonts(html: string): Promise<string> {
  try {
    const css = fontFaceCss(await loadTicketFonts());
    return html.replace('</head>', `<style>${css}</style></head>`);
  } catch {
    return html;
  }
}

export async function printDocument(document: string, paper: PaperSize, deviceName: string | null): Promise<PrintOutcome> {
  const html = await withFonts(document);
  const bridge = shellPrintBridge();
  if (bridge) {
    try {
      const result = await bridge.printHtml({ html, paper, copies: 1, deviceName });
      return result.ok ? { ok: true } : { ok: false, reason: result.error.reason };
    } catch {
      return { ok: false, reason: 'SHELL_ERROR' };
    }
  }
  try {
    await printHtmlInBrowser(html, { rollWidthMm: ROLL_WIDTH_MM[paper] });
    return { ok: true };
  } catch {
    return { ok: false, reason: 'BROWSER_PRINT_FAILED' };
  }
}
