import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrinterInfo, PrintJob } from '@agent-portal/contract';
import { silentLogger } from './ports';
import {
  PrintQueue,
  paperWidthPx,
  pdfPageSize,
  printPageSize,
  type PrintRendererPort,
  type RenderedPage,
  type SilentPrintOptions,
} from './print-queue';
import { ShellError } from './shell-error';

const PRINTERS: PrinterInfo[] = [
  { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III Receipt', isDefault: true },
  { name: '', displayName: '', isDefault: false }, // print systems list such entries
  { name: 'HP_LaserJet', displayName: '', isDefault: false },
];

type Event = string;

interface FakeOptions {
  printers?: PrinterInfo[];
  contentHeightPx?: number;
  /** How each print call ends: 'ok', a failure reason, or 'hang'. */
  printOutcome?: (call: number) => 'ok' | 'hang' | string;
  renderDelayMs?: number;
  renderHangs?: boolean;
}

function fakeRenderer(options: FakeOptions = {}) {
  const events: Event[] = [];
  const prints: SilentPrintOptions[] = [];
  const renders: Array<{ html: string; widthPx: number }> = [];
  let closed = 0;
  let printCalls = 0;
  const renderer: PrintRendererPort = {
    listPrinters: async () => options.printers ?? PRINTERS,
    render: (html, widthPx) => {
      renders.push({ html, widthPx });
      events.push(`render:${html}`);
      if (options.renderHangs) return new Promise<RenderedPage>(() => undefined);
      return new Promise<RenderedPage>((resolve) =>
        setTimeout(
          () =>
            resolve({
              contentHeightPx: options.contentHeightPx ?? 500,
              print: async (printOptions) => {
                const call = ++printCalls;
                events.push(`print:${html}#${call}`);
                prints.push(printOptions);
                const outcome = options.printOutcome?.(call) ?? 'ok';
                if (outcome === 'hang') return new Promise<void>(() => undefined);
                if (outcome !== 'ok') throw new Error(outcome);
              },
              printToPdf: async () => new Uint8Array([37, 80, 68, 70]),
              close: () => {
                closed++;
                events.push(`close:${html}`);
              },
            }),
          options.renderDelayMs ?? 0,
        ),
      );
    },
  };
  return { renderer, events, prints, renders, closed: () => closed };
}

const job = (overrides: Partial<PrintJob> = {}): PrintJob => ({
  html: '<html><body>ticket</body></html>',
  paper: '80mm',
  copies: 1,
  deviceName: 'EPSON_TM_T20III',
  ...overrides,
});

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ShellError ? error.reason : `unexpected: ${String(error)}`;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('page sizes', () => {
  it('gives rolls their width in microns and the content height, A4 by name', () => {
    expect(printPageSize('58mm', 1000)).toEqual({ width: 58_000, height: 264_584 });
    expect(printPageSize('80mm', 378)).toEqual({ width: 80_000, height: 100_013 });
    expect(printPageSize('A4', 1000)).toBe('A4');
    expect(printPageSize('80mm', 0)).toEqual({ width: 80_000, height: 353 });
  });

  it('lays the ticket out at the paper width', () => {
    expect(paperWidthPx('58mm')).toBe(219);
    expect(paperWidthPx('80mm')).toBe(302);
    expect(paperWidthPx('A4')).toBe(794);
  });

  it('sizes PDFs in inches', () => {
    const size = pdfPageSize('80mm', 96) as { width: number; height: number };
    expect(size.width).toBeCloseTo(80 / 25.4, 5);
    expect(size.height).toBeCloseTo(1, 3);
    expect(pdfPageSize('A4', 10)).toBe('A4');
  });
});

describe('print queue', () => {
  it('prints silently on the chosen printer with an explicit page size and no margins', async () => {
    const fake = fakeRenderer({ contentHeightPx: 640 });
    const queue = new PrintQueue(fake.renderer, silentLogger);
    expect(await queue.print(job({ paper: '58mm' }))).toEqual({ copiesPrinted: 1 });
    expect(fake.renders[0]?.widthPx).toBe(219);
    expect(fake.prints).toEqual([
      {
        silent: true,
        deviceName: 'EPSON_TM_T20III',
        pageSize: { width: 58_000, height: Math.ceil(640 * (25_400 / 96)) },
        margins: { marginType: 'none' },
        printBackground: true,
        copies: 1,
      },
    ]);
    expect(fake.closed()).toBe(1);
  });

  it('calls print once per copy (thermal drivers cap copies at 1)', async () => {
    const fake = fakeRenderer();
    const queue = new PrintQueue(fake.renderer, silentLogger);
    expect(await queue.print(job({ copies: 3, paper: 'A4', deviceName: 'HP_LaserJet' }))).toEqual({ copiesPrinted: 3 });
    expect(fake.prints).toHaveLength(3);
    expect(fake.prints.every((p) => p.copies === 1 && p.pageSize === 'A4')).toBe(true);
    expect(fake.renders).toHaveLength(1);
  });

  it('uses the system default printer when none is chosen', async () => {
    const fake = fakeRenderer();
    await new PrintQueue(fake.renderer, silentLogger).print(job({ deviceName: null }));
    expect(fake.prints[0]).not.toHaveProperty('deviceName');
  });

  it('runs jobs one at a time, in order, even when an earlier one fails', async () => {
    const fake = fakeRenderer({ renderDelayMs: 5, printOutcome: (call) => (call === 2 ? 'Print job failed' : 'ok') });
    const queue = new PrintQueue(fake.renderer, silentLogger);
    const results = await Promise.allSettled([
      queue.print(job({ html: 'A' })),
      queue.print(job({ html: 'B' })),
      queue.print(job({ html: 'C', copies: 2 })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(fake.events).toEqual([
      'render:A',
      'print:A#1',
      'close:A',
      'render:B',
      'print:B#2',
      'close:B',
      'render:C',
      'print:C#3',
      'print:C#4',
      'close:C',
    ]);
  });

  it('refuses an unknown printer with PRINTER_NOT_FOUND, before rendering', async () => {
    const fake = fakeRenderer();
    const queue = new PrintQueue(fake.renderer, silentLogger);
    expect(await reasonOf(queue.print(job({ deviceName: 'Unplugged_Printer' })))).toBe('PRINTER_NOT_FOUND');
    expect(
      await reasonOf(
        new PrintQueue(fakeRenderer({ printers: [] }).renderer, silentLogger).print(job({ deviceName: null })),
      ),
    ).toBe('PRINTER_NOT_FOUND');
    expect(fake.renders).toHaveLength(0);
  });

  it('times out a dead printer with PRINT_TIMEOUT and closes the page', async () => {
    vi.useFakeTimers();
    const fake = fakeRenderer({ printOutcome: (call) => (call === 1 ? 'hang' : 'ok') });
    const queue = new PrintQueue(fake.renderer, silentLogger, { printTimeoutMs: 30_000 });
    const outcome = reasonOf(queue.print(job({ html: 'dead' })));
    const next = queue.print(job({ html: 'next' }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fake.events).not.toContain('render:next');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('PRINT_TIMEOUT');
    expect(fake.events).toContain('close:dead');

    // The queue is not stuck behind the dead job.
    await vi.advanceTimersByTimeAsync(1);
    expect(await next).toEqual({ copiesPrinted: 1 });
  });

  it('times out a ticket that never finishes rendering', async () => {
    vi.useFakeTimers();
    const queue = new PrintQueue(fakeRenderer({ renderHangs: true }).renderer, silentLogger, {
      renderTimeoutMs: 20_000,
    });
    const outcome = reasonOf(queue.print(job()));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await outcome).toBe('PRINT_TIMEOUT');
  });

  it('reports a refused job as PRINT_FAILED with the print system’s words, and how many copies got out', async () => {
    const fake = fakeRenderer({ printOutcome: (call) => (call === 2 ? 'Print job canceled' : 'ok') });
    const queue = new PrintQueue(fake.renderer, silentLogger);
    const error = await queue.print(job({ copies: 3 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShellError);
    expect((error as ShellError).reason).toBe('PRINT_FAILED');
    expect((error as ShellError).message).toBe('Print job canceled');
    expect(fake.prints).toHaveLength(2);
  });

  it('lists printers by system name, skipping entries without one', async () => {
    const queue = new PrintQueue(fakeRenderer().renderer, silentLogger);
    expect(await queue.listPrinters()).toEqual([
      { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III Receipt', isDefault: true },
      { name: 'HP_LaserJet', displayName: 'HP_LaserJet', isDefault: false },
    ]);
  });

  it('renders a PDF preview as base64', async () => {
    const queue = new PrintQueue(fakeRenderer().renderer, silentLogger);
    expect(await queue.printToPdf({ html: '<p>x</p>', paper: '80mm' })).toEqual({
      pdfBase64: Buffer.from('%PDF').toString('base64'),
    });
  });
});
