import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Permission, UserSalesSummary } from '@agent-portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Handler, type Reply } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast, toastTexts } from '../../test/toasts';

const figures = (netFare: number) => ({
  tickets: 1,
  seats: 2,
  grossFare: netFare + 50,
  discount: 50,
  netFare,
  migrations: 0,
  migrationCharge: 0,
  cancellations: 0,
  refunds: 0,
  commission: netFare * 0.05,
  netCollection: netFare,
});

const header = {
  company: 'Padma Paribahan',
  outlet: 'Motijheel Counter',
  agent: 'Shapla Travels',
  user: 'agent',
  period: { from: '2026-11-01', to: '2026-11-03' },
  generatedAt: '2026-11-03T06:00:00.000Z',
};
const summary: UserSalesSummary = {
  header,
  rows: [
    { date: '2026-11-01', ...figures(1200) },
    { date: '2026-11-02', ...figures(3450.5) },
    { date: '2026-11-03', ...figures(800) },
  ],
  totals: { ...figures(5450.5), tickets: 3, seats: 6 },
};

function serve(
  report: Reply | Handler,
  permissions: Permission[] = ['AGENT_REPORT_USER_SALES_SUMMARY', 'AGENT_VIEW_TRANSACTIONS'],
) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  // The server's today (TEST_NOW) is 10 March 2026 in Dhaka.
  const today = '2026-03-10';
  const from = '2026-03-01';
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(permissions) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    [`GET /api/reports/userSalesSummary/1/${from}/${today}`]: report,
    'GET /api/reports/userSalesSummary/1/2026-10-01/2026-10-31': report,
  });
}

const reportTable = () => screen.getByRole('table', { name: 'Sales summary' });
const bodyRows = () =>
  within(reportTable())
    .getAllByRole('row')
    .filter((r) => r.classList.contains('ant-table-row'));

afterEach(() => resetApp());

describe('a report screen', { timeout: 60_000 }, () => {
  it('waits for Run, asks for JSON with this month so far, and shows rows, money, totals and the chart', async () => {
    const { requests } = serve({ status: 200, data: summary });
    await renderApp('/report/sales-summary');
    expect(await screen.findByRole('heading', { name: 'Sales summary' })).toBeInTheDocument();
    expect(screen.getByLabelText('From date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('To date')).toHaveValue('2026-03-10');
    expect(requests.some((r) => r.url?.startsWith('/api/reports/'))).toBe(false);
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeDisabled();
    // Next to the download buttons: the server's cap on a file.
    expect(screen.getByText('Files hold up to 50,000 rows.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const call = requests.find((r) => r.url?.startsWith('/api/reports/userSalesSummary/1/'));
    expect(call?.params).toEqual({ format: 'json' });

    const totals = within(reportTable()).getByRole('row', { name: /^Total/ });
    expect(totals).toHaveTextContent('Total');
    expect(totals).toHaveTextContent('5,450.50');
    // Money is right-aligned with 2 decimals.
    const netFareCell = within(bodyRows()[1]!).getAllByText('3,450.50')[0]!.closest('td');
    expect(netFareCell).toHaveStyle({ textAlign: 'right' });
    expect(screen.getByRole('region', { name: 'Report details' })).toHaveTextContent('Padma Paribahan');

    const chart = screen.getByRole('list', { name: 'Net fare per day' });
    const bars = within(chart).getAllByRole('listitem');
    expect(bars).toHaveLength(3);
    expect(bars[1]).toHaveAccessibleName('2-Nov: 3,450.50');
    const height = (bar: HTMLElement) => Number(bar.querySelector('rect')?.getAttribute('height'));
    expect(height(bars[1]!)).toBeGreaterThan(height(bars[0]!));
    expect(height(bars[0]!) / height(bars[1]!)).toBeCloseTo(1200 / 3450.5, 3);
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeEnabled();
  });

  it('sorts by a column, keeping the totals row last', async () => {
    serve({ status: 200, data: summary });
    await renderApp('/report/sales-summary');
    fireEvent.click(await screen.findByRole('button', { name: /Run/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const netFareHeader = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Net fare')!;
    fireEvent.click(netFareHeader);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('800.00'));
    fireEvent.click(netFareHeader);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('3,450.50'));
    expect(within(reportTable()).getByRole('row', { name: /^Total/ })).toHaveTextContent('5,450.50');
  });

  it('remembers the last filters per user and company and runs them again on return', async () => {
    const { requests } = serve({ status: 200, data: summary });
    const first = await renderApp('/report/sales-summary');
    const setDate = (label: string, value: string) => {
      const input = screen.getByLabelText(label);
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    await screen.findByRole('heading', { name: 'Sales summary' });
    setDate('From date', '2026-10-01');
    setDate('To date', '2026-10-31');
    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/reports/userSalesSummary/1/2026-10-01/2026-10-31')).toBe(true),
    );
    const stored = JSON.parse(window.localStorage.getItem('agent-portal.report-filters') ?? '{}') as Record<
      string,
      { fromDate: string }
    >;
    expect(stored['agent@1/userSalesSummary']?.fromDate).toBe('2026-10-01');

    first.unmount();
    requests.length = 0;
    await renderApp('/report/sales-summary');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.getByLabelText('From date')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('To date')).toHaveValue('2026-10-31');
  });

  it('keeps the previous rows, dimmed, under a progress line while the report runs again', async () => {
    let release: () => void = () => {};
    let calls = 0;
    serve(async () => {
      calls += 1;
      if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, data: summary };
    });
    await renderApp('/report/sales-summary');
    fireEvent.click(await screen.findByRole('button', { name: /Run/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(await screen.findByText('Running the report…')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    // antd's loading state: a spinner over the blurred (dimmed) previous rows.
    const wrapper = reportTable().closest('.ant-table-wrapper')!;
    await waitFor(() => expect(wrapper.querySelector('.ant-spin')).toHaveAttribute('aria-busy', 'true'));
    expect(bodyRows()).toHaveLength(3);
    release();
    await waitFor(() => expect(screen.queryByText('Running the report…')).not.toBeInTheDocument());
    expect(bodyRows()).toHaveLength(3);
  });

  it('limits the dates: no end before the start, nothing outside 1900-2099 (1900-01-01 to 2099-12-31)', async () => {
    const { requests } = serve({ status: 200, data: summary });
    await renderApp('/report/sales-summary');
    await screen.findByRole('heading', { name: 'Sales summary' });
    const typeDate = (label: string, value: string) => {
      const input = screen.getByLabelText(label);
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.blur(input);
    };
    typeDate('To date', '2100-12-31');
    await waitFor(() => expect(screen.getByLabelText('To date')).toHaveValue('2026-03-10'));
    typeDate('From date', '2026-10-01');
    typeDate('To date', '2026-09-30');
    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(await screen.findByText('The end date is before the start date')).toBeInTheDocument();
    expect(requests.some((r) => r.url?.startsWith('/api/reports/'))).toBe(false);
  });

  it('toasts the localised reason once when the report fails, and says it did not run', async () => {
    serve({ status: 403, data: { reason: 'PERMISSION_DENIED' } });
    await renderApp('/report/sales-summary');
    fireEvent.click(await screen.findByRole('button', { name: /Run/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not run');
    await findOneToast('Permission denied');
    expect(alert).not.toHaveTextContent('Permission denied');
    expect(reportTable()).toHaveTextContent('No rows for these filters');
  });

  it('sends a user without the permission to their homepage and hides the drawer entry', async () => {
    serve({ status: 200, data: summary }, ['AGENT_VIEW_TRANSACTIONS']);
    const { router } = await renderApp('/report/sales-summary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction'));
    expect(screen.queryByRole('link', { name: 'Sales summary' })).not.toBeInTheDocument();
  });

  it('shows the Bengali titles and Bengali digits in Bengali', async () => {
    serve({ status: 200, data: summary });
    await renderApp('/report/sales-summary', 'bn');
    expect(await screen.findByRole('heading', { name: 'বিক্রয় সারাংশ' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /চালান/ }));
    const table = screen.getByRole('table', { name: 'বিক্রয় সারাংশ' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /^মোট/ })).toHaveTextContent('৫,৪৫০.৫০'));
    expect(screen.getByText('ফাইলে সর্বোচ্চ ৫০,০০০টি সারি থাকে।')).toBeInTheDocument();
  });

  it('says a report too large for the screen by its row limit', async () => {
    serve({ status: 422, data: { reason: 'REPORT_TOO_LARGE', details: { limit: 10000 } } });
    await renderApp('/report/sales-summary');
    fireEvent.click(await screen.findByRole('button', { name: /Run/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not run');
    await findOneToast('This report has more than 10,000 rows: choose a shorter period.');
  });

  it('toasts a refused download once, by its reason', async () => {
    serve((request) =>
      (request.params as { format?: string } | undefined)?.format === 'pdf'
        ? { status: 503, data: { reason: 'SALES_RESTRICTED' } }
        : { status: 200, data: summary },
    );
    await renderApp('/report/sales-summary');
    fireEvent.click(await screen.findByRole('button', { name: /Run/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Download PDF/ })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: /Download PDF/ }));
    await findOneToast('System is in under maintenance');
    expect(toastTexts()).toEqual(['System is in under maintenance']);
  });

  it.each([
    ['en', /Run/, /Download PDF/, 'You already have the most report files being prepared.'],
    ['bn', /চালান/, /পিডিএফ ডাউনলোড/, 'আপনার সর্বোচ্চ সংখ্যক রিপোর্ট ফাইল তৈরি হচ্ছে।'],
  ] as const)(
    'says a download refused by the report queue (429 REPORT_QUEUE_FULL) in %s',
    async (lang, run, pdf, text) => {
      serve((request) =>
        (request.params as { format?: string } | undefined)?.format === 'pdf'
          ? { status: 429, data: { reason: 'REPORT_QUEUE_FULL', details: { running: 2, waiting: 4 } } }
          : { status: 200, data: summary },
      );
      await renderApp('/report/sales-summary', lang);
      fireEvent.click(await screen.findByRole('button', { name: run }));
      await waitFor(() => expect(screen.getByRole('button', { name: pdf })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: pdf }));
      await waitFor(() => expect(toastTexts()).toHaveLength(1));
      expect(toastTexts()[0]).toContain(text);
    },
  );
});
