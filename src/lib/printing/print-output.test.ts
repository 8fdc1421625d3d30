import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult, PaperSize, PrintJob } from '@agent-portal/contract';

vi.mock('./browser-print', () => ({ printHtmlInBrowser: vi.fn(() => Promise.resolve()) }));

import { printHtmlInBrowser } from './browser-print';
import { printDocument } from './print-document';
import { sendToPrinter } from './print-output';

const HTML = '<!doctype html><html><head><title>x</title></head><body>list</body></html>';

function shell(answer: IpcResult<{ copiesPrinted: number }>) {
  const printHtml = vi.fn((job: PrintJob) => {
    void job;
    return Promise.resolve(answer);
  });
  return { bridge: { printHtml, printToPdf: vi.fn() }, printHtml };
}

afterEach(() => vi.mocked(printHtmlInBrowser).mockClear());

describe('the one shell-or-browser branch', () => {
  it('sends the job to the shell with the chosen printer, paper and at most five copies', async () => {
    const { bridge, printHtml } = shell({ ok: true, value: { copiesPrinted: 5 } });
    expect(await sendToPrinter(HTML, { paper: '58mm', copies: 9, deviceName: 'EPSON_TM_T82' }, { bridge })).toEqual({
      ok: true,
      channel: 'shell',
      copiesPrinted: 5,
    });
    expect(printHtml).toHaveBeenCalledWith({ html: HTML, paper: '58mm', copies: 5, deviceName: 'EPSON_TM_T82' });
    expect(printHtmlInBrowser).not.toHaveBeenCalled();
  });

  it.each<[PaperSize, number | undefined]>([
    ['80mm', 80],
    ['58mm', 58],
    ['A4', undefined],
  ])('in a browser, opens the print dialog fitted to the roll (%s: %s mm)', async (paper, rollWidthMm) => {
    expect(await sendToPrinter(HTML, { paper, copies: 1, deviceName: null }, { bridge: null })).toEqual({
      ok: true,
      channel: 'browser',
      copiesPrinted: null,
    });
    expect(printHtmlInBrowser).toHaveBeenCalledWith(HTML, { rollWidthMm });
  });
});

describe('printDocument', () => {
  it('embeds the Bengali font and prints one copy on the chosen printer and paper', async () => {
    const { bridge, printHtml } = shell({ ok: true, value: { copiesPrinted: 1 } });
    expect(await printDocument(HTML, '80mm', 'EPSON_TM_T82', { bridge })).toMatchObject({ ok: true, channel: 'shell' });
    const job = printHtml.mock.calls[0]![0];
    expect(job).toMatchObject({ paper: '80mm', copies: 1, deviceName: 'EPSON_TM_T82' });
    expect(job.html).toMatch(/<style>@font-face\{font-family:'Ticket Bengali'.*<\/style><\/head>/s);
  });

  it("gives the shell's reason when it refuses, and the browser's own when the dialog fails", async () => {
    const { bridge } = shell({ ok: false, error: { reason: 'PRINTER_NOT_FOUND' } });
    expect(await printDocument(HTML, 'A4', null, { bridge })).toMatchObject({ ok: false, reason: 'PRINTER_NOT_FOUND' });
    const failing = () => Promise.reject(new Error('The ticket did not load in time.'));
    expect(await printDocument(HTML, 'A4', null, { bridge: null, printInBrowser: failing })).toMatchObject({
      ok: false,
      reason: 'BROWSER_PRINT_FAILED',
    });
  });
});
