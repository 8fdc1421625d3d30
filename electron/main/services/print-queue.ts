import type { PaperSize, PrintJob, PrinterInfo } from '@agent-portal/contract';
import type { Logger } from './ports';
import { ShellError } from './shell-error';

/**
 * Silent ticket printing, never showing a print dialog: jobs run one at a
 * time; each is rendered off screen at
 * the paper's width, measured once fonts and images are ready, then printed
 * once per copy with an explicit page size in microns and no margins.
 */

/** 1 CSS px = 1/96 inch = 264.583 microns. */
export const MICRONS_PER_PX = 25_400 / 96;
/** Chromium refuses custom page sizes below 353 microns. */
export const MIN_PAGE_MICRONS = 353;

export const PAPER: Record<PaperSize, { widthMicrons: number; pdfPageSize: 'A4' | null }> = {
  '58mm': { widthMicrons: 58_000, pdfPageSize: null },
  '80mm': { widthMicrons: 80_000, pdfPageSize: null },
  A4: { widthMicrons: 210_000, pdfPageSize: 'A4' },
};

export type PageSize = 'A4' | { width: number; height: number };

export interface SilentPrintOptions {
  silent: true;
  deviceName?: string;
  pageSize: PageSize;
  margins: { marginType: 'none' };
  printBackground: true;
  copies: 1;
}

export interface PdfOptions {
  /** 'A4', or inches (printToPDF's unit) for roll paper. */
  pageSize: 'A4' | { width: number; height: number };
}

/** A ticket loaded in a hidden sandboxed window, fonts and images ready. */
export interface RenderedPage {
  readonly contentHeightPx: number;
  /** Resolves when the job was spooled; rejects with the print system's reason. */
  print(options: SilentPrintOptions): Promise<void>;
  printToPdf(options: PdfOptions): Promise<Uint8Array>;
  close(): void;
}

export interface PrintRendererPort {
  listPrinters(): Promise<PrinterInfo[]>;
  /** Loads the HTML at `widthPx`, waits for load, fonts and images, sizes the window to the content. */
  render(html: string, widthPx: number): Promise<RenderedPage>;
}

export interface PrintTiming {
  renderTimeoutMs: number;
  /** Per copy: a printer that does not take the job in this time is treated as dead. */
  printTimeoutMs: number;
}

export const DEFAULT_PRINT_TIMING: PrintTiming = { renderTimeoutMs: 20_000, printTimeoutMs: 30_000 };

export function paperWidthPx(paper: PaperSize): number {
  return Math.round(PAPER[paper].widthMicrons / MICRONS_PER_PX);
}

/** The page size for webContents.print: A4 by name, rolls in microns as long as the content. */
export function printPageSize(paper: PaperSize, contentHeightPx: number): PageSize {
  if (paper === 'A4') return 'A4';
  const height = Math.max(MIN_PAGE_MICRONS, Math.ceil(contentHeightPx * MICRONS_PER_PX));
  return { width: PAPER[paper].widthMicrons, height };
}

/** The page size for printToPDF, which counts in inches. */
export function pdfPageSize(paper: PaperSize, contentHeightPx: number): PdfOptions['pageSize'] {
  if (paper === 'A4') return 'A4';
  const size = printPageSize(paper, contentHeightPx) as { width: number; height: number };
  return { width: size.width / 25_400, height: size.height / 25_400 };
}

export class PrintQueue {
  private readonly timing: PrintTiming;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly renderer: PrintRendererPort,
    private readonly logger: Logger,
    timing: Partial<PrintTiming> = {},
  ) {
    this.timing = { ...DEFAULT_PRINT_TIMING, ...timing };
  }

  /** Printers with a usable system name; the print system can list entries with empty fields. */
  async listPrinters(): Promise<PrinterInfo[]> {
    const printers = await this.renderer.listPrinters();
    return printers
      .filter((p) => typeof p.name === 'string' && p.name.trim().length > 0)
      .map((p) => ({ name: p.name, displayName: p.displayName?.trim() || p.name, isDefault: p.isDefault === true }));
  }

  print(job: PrintJob): Promise<{ copiesPrinted: number }> {
    return this.enqueue(() => this.runPrint(job));
  }

  printToPdf(job: Pick<PrintJob, 'html' | 'paper'>): Promise<{ pdfBase64: string }> {
    return this.enqueue(async () => {
      const page = await this.render(job.html, job.paper);
      try {
        const pdf = await withTimeout(
          page.printToPdf({ pageSize: pdfPageSize(job.paper, page.contentHeightPx) }),
          this.timing.printTimeoutMs,
        );
        return { pdfBase64: Buffer.from(pdf).toString('base64') };
      } finally {
        page.close();
      }
    });
  }

  private async runPrint(job: PrintJob): Promise<{ copiesPrinted: number }> {
    await this.checkPrinter(job.deviceName);
    const page = await this.render(job.html, job.paper);
    let copiesPrinted = 0;
    try {
      const options: SilentPrintOptions = {
        silent: true,
        ...(job.deviceName ? { deviceName: job.deviceName } : {}),
        pageSize: printPageSize(job.paper, page.contentHeightPx),
        margins: { marginType: 'none' },
        printBackground: true,
        // Thermal drivers cap copies at 1: one print call per copy instead.
        copies: 1,
      };
      for (let copy = 0; copy < job.copies; copy++) {
        try {
          await withTimeout(page.print(options), this.timing.printTimeoutMs);
        } catch (error) {
          if (error instanceof TimeoutError) {
            throw new ShellError(
              'PRINT_TIMEOUT',
              `The printer did not take the job within ${this.timing.printTimeoutMs / 1000} s`,
            );
          }
          throw new ShellError('PRINT_FAILED', error instanceof Error ? error.message : String(error));
        }
        copiesPrinted++;
      }
      this.logger.info('ticket printed', { copies: copiesPrinted, paper: job.paper });
      return { copiesPrinted };
    } finally {
      page.close();
    }
  }

  private async checkPrinter(deviceName: string | null): Promise<void> {
    const printers = await this.listPrinters();
    if (deviceName === null) {
      if (printers.length === 0) throw new ShellError('PRINTER_NOT_FOUND', 'No printer is installed');
      return;
    }
    if (!printers.some((p) => p.name === deviceName)) {
      throw new ShellError('PRINTER_NOT_FOUND', `Printer "${deviceName}" is not installed`);
    }
  }

  private async render(html: string, paper: PaperSize): Promise<RenderedPage> {
    const pending = this.renderer.render(html, paperWidthPx(paper));
    try {
      return await withTimeout(pending, this.timing.renderTimeoutMs);
    } catch (error) {
      // A page that turns up after its deadline must still be closed.
      void pending.then((late) => late.close()).catch(() => undefined);
      if (error instanceof TimeoutError)
        throw new ShellError('PRINT_TIMEOUT', 'The ticket did not finish rendering in time');
      throw new ShellError('PRINT_FAILED', error instanceof Error ? error.message : String(error));
    }
  }

  /** Runs `task` after every earlier job has finished, whatever their outcome. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
