import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSalesSummary } from '@agent-portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../stores/session-store';
import { fakeHttp } from '../../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../../test/fixtures';
import { renderApp, resetApp } from '../../../test/render-app';

/** The agent's outlets as the lookup answers them (by name); the profile's own outlet is Motijheel (id 1). */
const outlets = [
  { id: 1, code: 'OUT-1', name: 'Motijheel Counter' },
  { id: 7, code: 'OUT-7', name: 'Uttara Counter' },
];

const figures = {
  tickets: 1,
  seats: 1,
  grossFare: 900,
  discount: 0,
  netFare: 900,
  migrations: 0,
  migrationCharge: 0,
  cancellations: 0,
  refunds: 0,
  commission: 45,
  netCollection: 900,
};
const answer = (outlet: string): UserSalesSummary => ({
  header: {
    company: 'Padma Paribahan',
    outlet,
    agent: 'Shapla Travels',
    user: 'agent',
    period: { from: '2026-11-01', to: '2026-11-01' },
    generatedAt: '2026-11-01T06:00:00.000Z',
  },
  rows: [{ date: '2026-11-01', ...figures }],
  totals: figures,
});

function serve() {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  // The server's today (TEST_NOW) is 10 March 2026 in Dhaka.
  const from = '2026-03-01';
  const today = '2026-03-10';
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_REPORT_OUTLET_SALES_DATE_RANGE']) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/lookup/agentOutlets/1': { status: 200, data: outlets },
    [`GET /api/reports/outletSalesByDateRange/1/1/${from}/${today}`]: {
      status: 200,
      data: answer('Motijheel Counter'),
    },
    [`GET /api/reports/outletSalesByDateRange/1/7/${from}/${today}`]: { status: 200, data: answer('Uttara Counter') },
  });
}

const reportCalls = (requests: { url?: string | undefined }[]) =>
  requests
    .filter((r) => r.url?.startsWith('/api/reports/outletSalesByDateRange/'))
    .map((r) => r.url!.split('/').slice(4, 6).join('/'));
const picker = () => screen.getByRole('combobox', { name: 'Outlet' });
const pickerText = () =>
  picker().closest('.ant-select')!.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

afterEach(() => resetApp());

describe('Outlet sales by date range: the outlet picker', { timeout: 60_000 }, () => {
  it("lists the agent's outlets (lookup agentOutlets), starts on the user's own, and runs with the one chosen", async () => {
    const { requests } = serve();
    const user = userEvent.setup({ delay: null });
    await renderApp('/report/outlet-date-range-sales');
    await screen.findByRole('heading', { name: 'Outlet sales by date range' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/lookup/agentOutlets/1')).toBe(true));
    expect(pickerText()).toBe('Motijheel Counter');

    await user.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() => expect(reportCalls(requests)).toEqual(['1/1']));

    await user.click(picker());
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    expect((await screen.findAllByTitle('Motijheel Counter')).length).toBeGreaterThan(0);
    const uttara = await screen.findAllByTitle('Uttara Counter');
    await user.click(uttara[uttara.length - 1]!);
    await user.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() => expect(reportCalls(requests)).toEqual(['1/1', '1/7']));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Report details' })).toHaveTextContent('Uttara Counter'),
    );
  });

  it('remembers the chosen outlet: back on the report it is picked and run again, the outlet list from the cache', async () => {
    const { requests } = serve();
    const user = userEvent.setup({ delay: null });
    const first = await renderApp('/report/outlet-date-range-sales');
    await screen.findByRole('heading', { name: 'Outlet sales by date range' });
    await user.click(picker());
    const uttara = await screen.findAllByTitle('Uttara Counter');
    await user.click(uttara[uttara.length - 1]!);
    await user.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() => expect(reportCalls(requests)).toEqual(['1/7']));
    const stored = JSON.parse(window.localStorage.getItem('agent-portal.report-filters') ?? '{}') as Record<
      string,
      { outletId?: number }
    >;
    expect(stored['agent@1/outletSalesByDateRange']?.outletId).toBe(7);

    first.unmount();
    await renderApp('/report/outlet-date-range-sales');
    // It runs again with the remembered filter (the answer may come from the report's cache).
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Report details' })).getByText(/Uttara Counter/),
      ).toBeInTheDocument(),
    );
    expect(pickerText()).toBe('Uttara Counter');
    expect(reportCalls(requests).every((call) => call === '1/7')).toBe(true);
    expect(requests.filter((r) => r.url === '/api/lookup/agentOutlets/1')).toHaveLength(1);
  });
});
