import { describe, expect, it, vi } from 'vitest';
import type { IpcResult, PrintJob } from '@agent-portal/contract';
import { printTicket, ticketPdf, type PrintTicketRequest } from './print-ticket';
import type { TicketPrintBridge } from './print-bridge';
import { soldReservation } from '../../test/reservation-fixture';

const FONTS = { regular: 'data:font/ttf;base64,AA==', bold: 'data:font/ttf;base64,AA==' };
const request = (extra: Partial<PrintTicketRequest> = {}): PrintTicketRequest => ({
  reservation: soldReservation(),
  language: 'en',
  paper: '80mm',
  copies: 2,
  deviceName: 'POS-80 Thermal',
  printType: 'ORIGINAL',
  ...extra,
});

function fakeBridge(answer: IpcResult<{ copiesPrinted: number }> | Error) {
  const printHtml = vi.fn((job: PrintJob) => {
    void job;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  const printToPdf = vi.fn((job: Pick<PrintJob, 'html' | 'paper'>) => {
    void job;
    return Promise.resolve<IpcResult<{ pdfBase64: string }>>({ ok: true, value: { pdfBase64: 'JVBERi0=' } });
  });
  const bridge: TicketPrintBridge = { printHtml, printToPdf };
  return { bridge, printHtml, printToPdf };
}

describe('printTicket through the desktop shell', () => {
  it('sends the ticket document, paper, copies and printer, then records the print', async () => {
    const { bridge, printHtml } = fakeBridge({ ok: true, value: { copiesPrinted: 2 } });
    const recordPrint = vi.fn(() => Promise.resolve());
    const result = await printTicket(request(), { bridge, recordPrint, fonts: FONTS });

    expect(result).toEqual({ ok: true, channel: 'shell', copiesPrinted: 2, recorded: true });
    expect(printHtml).toHaveBeenCalledTimes(1);
    const job = printHtml.mock.calls[0][0];
    expect(job).toMatchObject({ paper: '80mm', copies: 2, deviceName: 'POS-80 Thermal' });
    expect(job.html).toMatch(/^<!doctype html>/);
    expect(job.html).toContain('K7Q2M9X4PA');
    expect(recordPrint).toHaveBeenCalledWith('K7Q2M9X4PA', 'ORIGINAL');
    // Recorded only after the shell answered.
    expect(recordPrint.mock.invocationCallOrder[0]).toBeGreaterThan(printHtml.mock.invocationCallOrder[0]);
  });

  it('keeps copies within what the shell accepts', async () => {
    const { bridge, printHtml } = fakeBridge({ ok: true, value: { copiesPrinted: 5 } });
    await printTicket(request({ copies: 9 }), { bridge, recordPrint: () => Promise.resolve(), fonts: FONTS });
    await printTicket(request({ copies: 0 }), { bridge, recordPrint: () => Promise.resolve(), fonts: FONTS });
    expect(printHtml.mock.calls.map(([job]) => job.copies)).toEqual([5, 1]);
  });

  it.each(['PRINTER_NOT_FOUND', 'PRINT_TIMEOUT', 'PRINT_FAILED'] as const)(
    'maps %s to a failure and records nothing',
    async (reason) => {
      const { bridge } = fakeBridge({ ok: false, error: { reason, message: 'driver says no' } });
      const recordPrint = vi.fn(() => Promise.resolve());
      const result = await printTicket(request(), { bridge, recordPrint, fonts: FONTS });
      expect(result).toEqual({ ok: false, reason, message: 'driver says no' });
      expect(recordPrint).not.toHaveBeenCalled();
    },
  );

  it('turns an unknown reason or a broken channel into SHELL_ERROR', async () => {
    const recordPrint = vi.fn(() => Promise.resolve());
    const unknown = fakeBridge({ ok: false, error: { reason: 'PAPER_JAM' } });
    expect(await printTicket(request(), { bridge: unknown.bridge, recordPrint, fonts: FONTS })).toEqual({
      ok: false,
      reason: 'SHELL_ERROR',
      message: 'PAPER_JAM',
    });
    const broken = fakeBridge(new Error('IPC channel closed'));
    expect(await printTicket(request(), { bridge: broken.bridge, recordPrint, fonts: FONTS })).toEqual({
      ok: false,
      reason: 'SHELL_ERROR',
      message: 'IPC channel closed',
    });
    expect(recordPrint).not.toHaveBeenCalled();
  });

  it('still reports the print when the server does not take the record', async () => {
    const { bridge } = fakeBridge({ ok: true, value: { copiesPrinted: 1 } });
    const result = await printTicket(request({ copies: 1 }), {
      bridge,
      recordPrint: () => Promise.reject(new Error('500')),
      fonts: FONTS,
    });
    expect(result).toEqual({ ok: true, channel: 'shell', copiesPrinted: 1, recorded: false });
  });

  it('finds the shell bridge on window.agentPortal when none is given', async () => {
    const { bridge, printHtml } = fakeBridge({ ok: true, value: { copiesPrinted: 1 } });
    Reflect.set(window, 'agentPortal', bridge);
    try {
      const result = await printTicket(request(), { recordPrint: () => Promise.resolve(), fonts: FONTS });
      expect(result.ok && result.channel).toBe('shell');
      expect(printHtml).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(window, 'agentPortal');
    }
  });
});

describe('printTicket in a browser', () => {
  it('prints through the browser dialog and records the print', async () => {
    const printInBrowser = vi.fn((html: string, paper: string) => {
      void html;
      void paper;
      return Promise.resolve();
    });
    const recordPrint = vi.fn(() => Promise.resolve());
    const result = await printTicket(request({ printType: 'REPRINT' }), {
      bridge: null,
      printInBrowser,
      recordPrint,
      fonts: FONTS,
    });
    expect(result).toEqual({ ok: true, channel: 'browser', copiesPrinted: null, recorded: true });
    expect(printInBrowser.mock.calls[0][0]).toContain('REPRINT');
    expect(printInBrowser.mock.calls[0][1]).toBe('80mm');
    expect(recordPrint).toHaveBeenCalledWith('K7Q2M9X4PA', 'REPRINT');
  });

  it('records nothing when the browser could not print', async () => {
    const recordPrint = vi.fn(() => Promise.resolve());
    const result = await printTicket(request(), {
      bridge: null,
      printInBrowser: () => Promise.reject(new Error('The ticket did not load in time.')),
      recordPrint,
      fonts: FONTS,
    });
    expect(result).toEqual({ ok: false, reason: 'BROWSER_PRINT_FAILED', message: 'The ticket did not load in time.' });
    expect(recordPrint).not.toHaveBeenCalled();
  });
});

describe('ticketPdf', () => {
  it('asks the shell for a PDF of the ticket', async () => {
    const { bridge, printToPdf } = fakeBridge({ ok: true, value: { copiesPrinted: 1 } });
    const result = await ticketPdf(request({ paper: 'A4' }), { bridge, fonts: FONTS });
    expect(result).toEqual({ ok: true, pdfBase64: 'JVBERi0=' });
    expect(printToPdf.mock.calls[0][0]).toMatchObject({ paper: 'A4' });
    expect(printToPdf.mock.calls[0][0].html).toContain('@page { size: A4');
  });

  it('is unavailable in a plain browser', async () => {
    expect(await ticketPdf(request(), { bridge: null, fonts: FONTS })).toEqual({
      ok: false,
      reason: 'PDF_UNAVAILABLE',
    });
  });
});
