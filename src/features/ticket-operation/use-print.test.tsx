import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { bindNotifications } from '../../lib/notify/notifier';
import { sold } from './test-support/reservations';
import type { TicketPrinter, TicketPrintResult } from './ticket-printer';
import { usePrint } from './use-print';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => bindNotifications(null));

function captureNotices() {
  const shown: { kind: string; text: string }[] = [];
  const record = (kind: string) => (args: { title?: unknown }) => void shown.push({ kind, text: String(args.title) });
  bindNotifications({ error: record('error'), success: record('success'), info: record('info'), warning: record('warning'), open: record('open'), destroy: () => undefined });
  return shown;
}

function printerAnswering(result: TicketPrintResult) {
  const print = vi.fn<TicketPrinter['print']>(async () => result);
  const printer: TicketPrinter = { print, printTypeFor: (r) => (r.printCount > 0 ? 'REPRINT' : 'ORIGINAL') };
  return { printer, print };
}

function renderPrint(printer: TicketPrinter, onPrinted: () => void) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => usePrint(printer, onPrinted), { wrapper });
}

describe('printing from the ticket-operation screen', () => {
  it("prints with the counter's preferences, as a reprint once printed before, and reloads the print count", async () => {
    const shown = captureNotices();
    const { printer, print } = printerAnswering({ ok: true, recorded: true });
    const onPrinted = vi.fn();
    const { result } = renderPrint(printer, onPrinted);
    await act(() => result.current.print(sold({ printCount: 2 })));
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.calls[0]![0]).toMatchObject({ language: 'en', paper: '80mm', copies: 1, deviceName: null, printType: 'REPRINT' });
    expect(typeof print.mock.calls[0]![1].recordPrint).toBe('function');
    expect(onPrinted).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ kind: 'success', text: 'Ticket printed' }]);
  });

  it('says why a print failed, in words, and records nothing', async () => {
    const shown = captureNotices();
    const { printer } = printerAnswering({ ok: false, reason: 'PRINTER_NOT_FOUND' });
    const onPrinted = vi.fn();
    const { result } = renderPrint(printer, onPrinted);
    await act(() => result.current.print(sold()));
    expect(onPrinted).not.toHaveBeenCalled();
    expect(shown).toEqual([{ kind: 'error', text: 'The printer was not found. Check the printer settings.' }]);
  });

  it('warns when the ticket printed but the server did not take the record', async () => {
    const shown = captureNotices();
    const { printer } = printerAnswering({ ok: true, recorded: false });
    const { result } = renderPrint(printer, () => undefined);
    await act(() => result.current.print(sold()));
    expect(shown).toEqual([{ kind: 'warning', text: 'The ticket printed, but the print could not be recorded.' }]);
  });
});
