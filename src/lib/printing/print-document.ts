/**
 * Printing a whole HTML document of the portal's own (a receipt, a
 * transactions list, a report) on the same path as a ticket: sendToPrinter,
 * the shell's silent printHtml or the browser's print dialog. One copy.
 */
import type { PaperSize } from '@agent-portal/contract';
import { sendToPrinter, type OutputDeps, type PrintOutput } from './print-output';
import { fontFaceCss, loadTicketFonts } from './ticket-fonts';

export type { PrintOutput } from './print-output';

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

export async function printDocument(
  document: string,
  paper: PaperSize,
  deviceName: string | null,
  deps: OutputDeps = {},
): Promise<PrintOutput> {
  return sendToPrinter(await withFonts(document), { paper, copies: 1, deviceName }, deps);
}
