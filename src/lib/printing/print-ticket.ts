/**
 * printTicket and ticketPdf: render the ticket, send it to the printer (the
 * desktop shell's silent printing when there is a shell, else the browser's
 * print dialog: sendToPrinter) and record the print with the server only once
 * it succeeded.
 */
import type { PaperSize, Reservation } from '@agent-portal/contract';
import { now } from '../format';
import { bridgeOf, failureOf, sendToPrinter, settle, type OutputDeps, type PrintFailure } from './print-output';
import { recordPrint } from './record-print';
import { loadTicketFonts, type TicketFonts } from './ticket-fonts';
import { printTypeFor, renderTicketHtml, type PrintType } from './ticket-html';
import type { TicketLanguage } from './ticket-labels';

export type { PrintFailure, PrintFailureReason } from './print-output';

export interface PrintTicketRequest {
  reservation: Reservation;
  language: TicketLanguage;
  paper: PaperSize;
  /** 1 to 5; the shell prints each copy as its own job (thermal drivers ignore a copy count). */
  copies: number;
  /** The printer's system name; null for the system default. Ignored in a browser (the dialog chooses). */
  deviceName: string | null;
  printType: PrintType;
}

export interface PrintDeps {
  /** The shell's print calls; defaults to window.agentPortal's, null means "browser". */
  bridge?: OutputDeps['bridge'];
  /** Defaults to the embedded Noto Sans Bengali. */
  fonts?: TicketFonts;
  now?: () => Date;
}

export interface PrintTicketDeps extends PrintDeps {
  /**
   * Records the print with the server; defaults to recordPrint (savePrintAction). The settings' sample ticket records
   * nothing.
   */
  recordPrint?: (pnr: string, printType: PrintType) => Promise<unknown>;
  /** Defaults to the hidden-iframe print dialog. */
  printInBrowser?: OutputDeps['printInBrowser'];
}

export type PrintTicketResult =
  | {
      ok: true;
      channel: 'shell' | 'browser';
      /** Copies the shell reports printed; null in a browser, where the dialog decides. */
      copiesPrinted: number | null;
      /** False when the ticket printed but the server did not take the print record (retry it). */
      recorded: boolean;
    }
  | PrintFailure;

export type TicketPdfResult = { ok: true; pdfBase64: string } | PrintFailure | { ok: false; reason: 'PDF_UNAVAILABLE' };

async function ticketHtml(
  request: Pick<PrintTicketRequest, 'reservation' | 'language' | 'paper' | 'printType'>,
  deps: PrintDeps,
): Promise<string> {
  const fonts = deps.fonts ?? (await loadTicketFonts());
  return renderTicketHtml(request.reservation, {
    language: request.language,
    paper: request.paper,
    printType: request.printType,
    fonts,
    printedAt: (deps.now ?? now)(),
  });
}

async function recorded(deps: PrintTicketDeps, pnr: string, printType: PrintType): Promise<boolean> {
  try {
    await (deps.recordPrint ?? recordPrint)(pnr, printType);
    return true;
  } catch {
    return false;
  }
}

/**
 * A ticket's print as the counter chose it (printer, paper, copies), in the given language, original or reprint by its
 * print count.
 */
export function chosenTicketPrint(
  reservation: Reservation,
  preferences: Pick<PrintTicketRequest, 'paper' | 'copies' | 'deviceName'>,
  language: TicketLanguage,
): PrintTicketRequest {
  return {
    reservation,
    language,
    paper: preferences.paper,
    copies: preferences.copies,
    deviceName: preferences.deviceName,
    printType: printTypeFor(reservation),
  };
}

export async function printTicket(request: PrintTicketRequest, deps: PrintTicketDeps = {}): Promise<PrintTicketResult> {
  const html = await ticketHtml(request, deps);
  const output = await sendToPrinter(html, request, deps);
  if (!output.ok) return output;
  return { ...output, recorded: await recorded(deps, request.reservation.pnr, request.printType) };
}

export type TicketPdfRequest = Pick<PrintTicketRequest, 'reservation' | 'language' | 'paper' | 'printType'>;

/** The ticket as a PDF (base64), from the shell; a browser has no silent PDF path. */
export async function ticketPdf(request: TicketPdfRequest, deps: PrintDeps = {}): Promise<TicketPdfResult> {
  const bridge = bridgeOf(deps);
  if (!bridge) return { ok: false, reason: 'PDF_UNAVAILABLE' };
  const html = await ticketHtml(request, deps);
  const result = await settle(() => bridge.printToPdf({ html, paper: request.paper }));
  return result.ok ? { ok: true, pdfBase64: result.value.pdfBase64 } : failureOf(result.error);
}
