import type { PrintJob } from '@agent-portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { bindNotifications } from '../../lib/notify/notifier';
import { captureNotices } from '../../test/notices';
import { fakeBridge } from '../../test/fake-bridge';
import { fakeHttp } from '../../test/fake-http';
import { sold } from './test-support/reservations';
import { usePrint } from './use-print';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  bindNotifications(null);
  delete window.agentPortal;
});

const RECORD_URL = (printType: string) => `/api/reservation/savePrintAction/K7Q2M9X4PA/${printType}`;

/** The real printTicket through a fake shell whose printer answers `result`, and a server that records (or not). */
function shellAnswering(result: { ok: true } | { ok: false; reason: string }, recordStatus = 200) {
  const printHtml = vi.fn((job: PrintJob) =>
    Promise.resolve(
      result.ok
        ? { ok: true as const, value: { copiesPrinted: job.copies } }
        : { ok: false as const, error: { reason: result.reason } },
    ),
  );
  fakeBridge({ printHtml });
  const reply = {
    status: recordStatus,
    data: recordStatus === 200 ? { ok: true, printCount: 1 } : { reason: 'INTERNAL_ERROR' },
  };
  const { requests } = fakeHttp({ [`GET ${RECORD_URL('ORIGINAL')}`]: reply, [`GET ${RECORD_URL('REPRINT')}`]: reply });
  const recorded = () =>
    requests.filter((r) => r.url?.startsWith('/api/reservation/savePrintAction/')).map((r) => r.url);
  return { printHtml, recorded };
}

function renderPrint(onPrinted: () => void) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePrint(onPrinted), { wrapper });
}

describe('printing from the ticket-operation screen', () => {
  it("prints with the counter's preferences, as a reprint once printed before, records it and reloads the print count", async () => {
    const shown = captureNotices();
    const { printHtml, recorded } = shellAnswering({ ok: true });
    const onPrinted = vi.fn();
    const { result } = renderPrint(onPrinted);
    await act(() => result.current.print(sold({ printCount: 2 })));
    expect(printHtml).toHaveBeenCalledTimes(1);
    const job = printHtml.mock.calls[0]![0];
    expect(job).toMatchObject({ paper: '80mm', copies: 1, deviceName: null });
    expect(job.html).toContain('<html lang="en">');
    expect(job.html).toContain('REPRINT');
    expect(recorded()).toEqual([RECORD_URL('REPRINT')]);
    expect(onPrinted).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ kind: 'success', text: 'Ticket printed' }]);
  });

  it('says why a print failed, in words, and records nothing', async () => {
    const shown = captureNotices();
    const { recorded } = shellAnswering({ ok: false, reason: 'PRINTER_NOT_FOUND' });
    const onPrinted = vi.fn();
    const { result } = renderPrint(onPrinted);
    await act(() => result.current.print(sold()));
    expect(onPrinted).not.toHaveBeenCalled();
    expect(recorded()).toEqual([]);
    expect(shown).toEqual([{ kind: 'error', text: 'The printer was not found. Check the printer settings.' }]);
  });

  it('warns when the ticket printed but the server did not take the record', async () => {
    const shown = captureNotices();
    const { recorded } = shellAnswering({ ok: true }, 500);
    const { result } = renderPrint(() => undefined);
    await act(() => result.current.print(sold()));
    expect(recorded()).toEqual([RECORD_URL('ORIGINAL')]);
    expect(shown).toEqual([{ kind: 'warning', text: 'The ticket printed, but the print could not be recorded.' }]);
  });
});
