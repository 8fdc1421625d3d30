/**
 * Issue #34: a report file takes seconds to make; while it is made and
 * downloaded the screen shows the server's rows done of rows to do, and
 * Cancel aborts the download (the server stops the file when its
 * connection closes: server/test/reports/file-progress.test.ts). The HTTP
 * boundary answers as the server does: the download waits until it is
 * aborted, and the progress of the download's name (?job=) is what the
 * server would say part-way.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CanceledError, type InternalAxiosRequestConfig } from 'axios';
import type { UserSalesSummary } from '@agent-portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Handler, type Reply } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { toastTexts } from '../../test/toasts';

const figures = {
  tickets: 1,
  seats: 2,
  grossFare: 1250,
  discount: 50,
  netFare: 1200,
  migrations: 0,
  migrationCharge: 0,
  cancellations: 0,
  refunds: 0,
  commission: 60,
  netCollection: 1200,
};
const summary: UserSalesSummary = {
  header: {
    company: 'Padma Paribahan',
    outlet: 'Motijheel Counter',
    agent: 'Shapla Travels',
    user: 'agent',
    period: { from: '2026-03-01', to: '2026-03-10' },
    generatedAt: '2026-03-10T06:00:00.000Z',
  },
  rows: [{ date: '2026-03-01', ...figures }],
  totals: figures,
};

afterEach(() => resetApp());

describe('a report file download', { timeout: 120_000 }, () => {
  it.each([
    ['en', /Run/, /Download PDF/, '12,000 of 50,000 rows', 'Cancel download'],
    ['bn', /চালান/, /পিডিএফ ডাউনলোড/, '৫০,০০০টি সারির ১২,০০০টি তৈরি', 'ডাউনলোড বাতিল'],
  ] as const)(
    'shows the rows done of rows to do and cancels the request (%s)',
    async (lang, run, pdf, rows, cancel) => {
      useSessionStore.setState({ token: 'tok', companyId: 1 });
      const downloads: InternalAxiosRequestConfig[] = [];
      const routes: Record<string, Handler | Reply> = {
        'GET /api/lookup/company': { status: 200, data: companies },
        'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_REPORT_USER_SALES_SUMMARY']) },
        'GET /api/account/1': { status: 200, data: prepaidAccount },
      };
      routes['GET /api/reports/userSalesSummary/1/2026-03-01/2026-03-10'] = (request) => {
        const query = request.params as { format?: string; job?: string };
        if (query.format !== 'pdf') return { status: 200, data: summary };
        downloads.push(request);
        // The server knows this download by its name while it makes it.
        routes[`GET /api/reports/files/${query.job}/progress`] = {
          status: 200,
          data: { state: 'making', rowsDone: 12_000, rowsTotal: 50_000 },
        };
        // The file is still being made: the request ends only when it is aborted.
        return new Promise<Reply>((_, reject) =>
          request.signal?.addEventListener?.('abort', () => reject(new CanceledError())),
        );
      };
      const { requests } = fakeHttp(routes);
      await renderApp('/report/sales-summary', lang);
      fireEvent.click(await screen.findByRole('button', { name: run }, { timeout: 60_000 }));
      await waitFor(() => expect(screen.getByRole('button', { name: pdf })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: pdf }));

      expect(await screen.findByText(rows, {}, { timeout: 5000 })).toBeInTheDocument();
      const job = (downloads[0]?.params as { job?: string }).job;
      expect(job).toMatch(/^[A-Za-z0-9-]{8,64}$/);
      expect(requests.some((r) => r.url === `/api/reports/files/${job}/progress`)).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: cancel }));
      await waitFor(() => expect(screen.queryByTestId('download-progress')).not.toBeInTheDocument());
      expect(downloads[0]?.signal?.aborted).toBe(true);
      // Cancelled by the agent: no error said, and the buttons are ready again.
      expect(screen.getByRole('button', { name: pdf })).toBeEnabled();
      expect(toastTexts()).toEqual([]);
    },
  );
});
