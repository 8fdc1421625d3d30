/**
 * printTicket and ticketPdf: render the ticket, send it to the desktop
 * shell's silent printing when there is a shell, else to the browser's print
 * dialog, and record the print with the server only once it succeeded.
 */
import { SHELL_ERROR_REASONS, type IpcError, type IpcResult, type PaperSize, type Reservation, type ShellErrorReason } from '@agent-portal/contract';
import { printHtmlInBrowser } from './browser-print';
import { shellPrintBridge, type TicketPrintBridge } from './print-bridge';
import { loadTicketFonts, type TicketFonts } from './ticket-fonts';
import { renderTicketHtml, type PrintType } from './ticket-html';
import { now } from '../../lib/format';
import type { TicketLanguage } from './ticket-labels';

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
  bridge?: TicketPrintBridge | null;
  /** Defaults to the embedded Noto Sans Bengali. */
  fonts?: TicketFonts;
  now?: () => Date;
}

export interface PrintTicketDeps extends PrintDeps {
  /** Records the print with the server (GET /api/reservation/savePrintAction/:pnr/:printType). */
  recordPrint: (pnr: string, printType: PrintType) => Promise<unknown>;
  /** Defaults to the hidden-iframe print dialog. */
  printInBrowser?: (html: string, paper: PaperSize) => Promise<void>;
}

/** Shell reasons as they come, plus the browser's own failure. */
export type PrintFailureReason = ShellErrorReason | 'BROWSER_PRINT_FAILED';

export type PrintFailure = { ok: false; reason: PrintFailureReason; message?: string };

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

const MAX_COPIES = 5;
const ROLL_WIDTH_MM: Record<PaperSize, number | undefined> = { '80mm': 80, '58mm': 58, A4: undefined };

const defaultBrowserPrint = (html: string, paper: PaperSize) => printHtmlInBrowser(html, { rollWidthMm: ROLL_WIDTH_MM[paper] });

function clampCopies(copies: number): number {
  return Math.min(MAX_COPIES, Math.max(1, Math.floor(Number.isFinite(copies) ? copies : 1)));
}

function isShellReason(reason: string): reason is ShellErrorReason {
  return (SHELL_ERROR_REASONS as readonly string[]).includes(reason);
}

/** Unknown reasons (a newer shell) still fail cleanly, keeping their words for the log. */
function failureOf(error: IpcError): PrintFailure {
  if (isShellReason(error.reason)) return { ok: false, reason: error.reason, message: error.message };
  return { ok: false, reason: 'SHELL_ERROR', message: error.message ?? error.reason };
}

/** An IPC promise that rejects (channel gone, shell crashed) becomes a SHELL_ERROR result. */
async function settle<T>(call: () => Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: { reason: 'SHELL_ERROR', message: error instanceof Error ? error.message : String(error) } };
  }
}

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
    await deps.recordPrint(pnr, printType);
    return true;
  } catch {
    return false;
  }
}

export async function printTicket(request: PrintTicketRequest, deps: PrintTicketDeps): Promise<PrintTicketResult> {
  const bridge = deps.bridge === undefined ? shellPrintBridge() : deps.bridge;
  const html = await ticketHtml(request, deps);
  const { pnr } = request.reservation;

  if (bridge) {
    const job = { html, paper: request.paper, copies: clampCopies(request.copies), deviceName: request.deviceName };
    const result = await settle(() => bridge.printHtml(job));
    if (!result.ok) return failureOf(result.error);
    return { ok: true, channel: 'shell', copiesPrinted: result.value.copiesPrinted, recorded: await recorded(deps, pnr, request.printType) };
  }

  try {
    await (deps.printInBrowser ?? defaultBrowserPrint)(html, request.paper);
  } catch (error) {
    return { ok: false, reason: 'BROWSER_PRINT_FAILED', message: error instanceof Error ? error.message : String(error) };
  }
  // The browser cannot tell a printed page from a cancelled dialog; a dialog that opened counts.
  return { ok: true, channel: 'browser', copiesPrinted: null, recorded: await recorded(deps, pnr, request.printType) };
}

export type TicketPdfRequest = Pick<PrintTicketRequest, 'reservation' | 'language' | 'paper' | 'printType'>;

/** The ticket as a PDF (base64), from the shell; a browser has no silent PDF path. */
export async function ticketPdf(request: TicketPdfRequest, deps: PrintDeps = {}): Promise<TicketPdfResult> {
  const bridge = deps.bridge === undefined ? shellPrintBridge() : deps.bridge;
  if (!bridge) return { ok: false, reason: 'PDF_UNAVAILABLE' };
  const html = await ticketHtml(request, deps);
  const result = await settle(() => bridge.printToPdf({ html, paper: request.paper }));
  return result.ok ? { ok: true, pdfBase64: result.value.pdfBase64 } : failureOf(result.error);
}
