/**
 * Where a finished HTML document goes, decided in one place for tickets,
 * receipts, lists and reports alike: the desktop shell's silent printHtml
 * when there is a shell, else the browser's print dialog (a hidden iframe).
 * printTicket and printDocument both send through sendToPrinter.
 */
import {
  SHELL_ERROR_REASONS,
  type IpcError,
  type IpcResult,
  type PaperSize,
  type ShellErrorReason,
} from '@agent-portal/contract';
import { printHtmlInBrowser } from './browser-print';
import { shellPrintBridge, type TicketPrintBridge } from './print-bridge';

/** Shell reasons as they come, plus the browser's own failure. */
export type PrintFailureReason = ShellErrorReason | 'BROWSER_PRINT_FAILED';

export type PrintFailure = { ok: false; reason: PrintFailureReason; message?: string };

export type PrintOutput =
  | {
      ok: true;
      channel: 'shell' | 'browser';
      /** Copies the shell reports printed; null in a browser, where the dialog decides. */
      copiesPrinted: number | null;
    }
  | PrintFailure;

/** How and where: the printer's system name (null: the system default; a browser's dialog chooses itself). */
export interface PrintTarget {
  paper: PaperSize;
  /** 1 to 5; the shell prints each copy as its own job (thermal drivers ignore a copy count). */
  copies: number;
  deviceName: string | null;
}

export interface OutputDeps {
  /** The shell's print calls; defaults to window.agentPortal's, null means "browser". */
  bridge?: TicketPrintBridge | null;
  /** Defaults to the hidden-iframe print dialog. */
  printInBrowser?: (html: string, paper: PaperSize) => Promise<void>;
}

const MAX_COPIES = 5;

/** The one roll-width table: a roll's width in mm; A4 is a sheet (the dialog's own page). */
export const ROLL_WIDTH_MM: Record<PaperSize, number | undefined> = { '80mm': 80, '58mm': 58, A4: undefined };

const defaultBrowserPrint = (html: string, paper: PaperSize) =>
  printHtmlInBrowser(html, { rollWidthMm: ROLL_WIDTH_MM[paper] });

export function clampCopies(copies: number): number {
  return Math.min(MAX_COPIES, Math.max(1, Math.floor(Number.isFinite(copies) ? copies : 1)));
}

function isShellReason(reason: string): reason is ShellErrorReason {
  return (SHELL_ERROR_REASONS as readonly string[]).includes(reason);
}

/** Unknown reasons (a newer shell) still fail cleanly, keeping their words for the log. */
export function failureOf(error: IpcError): PrintFailure {
  if (isShellReason(error.reason)) return { ok: false, reason: error.reason, message: error.message };
  return { ok: false, reason: 'SHELL_ERROR', message: error.message ?? error.reason };
}

/** An IPC promise that rejects (channel gone, shell crashed) becomes a SHELL_ERROR result. */
export async function settle<T>(call: () => Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  try {
    return await call();
  } catch (error) {
    return {
      ok: false,
      error: { reason: 'SHELL_ERROR', message: error instanceof Error ? error.message : String(error) },
    };
  }
}

/** The shell bridge a call should use: the one given (null: none), else window.agentPortal's. */
export function bridgeOf(deps: Pick<OutputDeps, 'bridge'>): TicketPrintBridge | null {
  return deps.bridge === undefined ? shellPrintBridge() : deps.bridge;
}

export async function sendToPrinter(html: string, target: PrintTarget, deps: OutputDeps = {}): Promise<PrintOutput> {
  const bridge = bridgeOf(deps);
  if (bridge) {
    const job = { html, paper: target.paper, copies: clampCopies(target.copies), deviceName: target.deviceName };
    const result = await settle(() => bridge.printHtml(job));
    if (!result.ok) return failureOf(result.error);
    return { ok: true, channel: 'shell', copiesPrinted: result.value.copiesPrinted };
  }
  try {
    await (deps.printInBrowser ?? defaultBrowserPrint)(html, target.paper);
  } catch (error) {
    return {
      ok: false,
      reason: 'BROWSER_PRINT_FAILED',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  // The browser cannot tell a printed page from a cancelled dialog; a dialog that opened counts.
  return { ok: true, channel: 'browser', copiesPrinted: null };
}
