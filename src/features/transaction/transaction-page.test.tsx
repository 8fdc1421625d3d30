import type { PrintJob, ShellSettings } from '@agent-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeBridge } from '../../test/fake-bridge';
import { fakeHttp } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast, toastTexts } from '../../test/toasts';

const page = {
  items: [
    {
      dateTime: '2026-11-02T04:00:00.000Z',
      type: 'CREDIT',
      reason: 'DEPOSIT',
      outlet: 'Motijheel Counter',
      agentUser: 'agent',
      employee: 'Salma',
      transactionId: 'TX0000000007',
      amount: 1234.5,
      credit: 1234.5,
      debit: 0,
      balance: 51234.5,
      referenceNo: 'SLIP-7',
      description: 'Cash at the bank',
      remarks: null,
      confirmationTime: '2026-11-02T05:00:00.000Z',
      confirmed: true,
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
  totals: { credit: 1234.5, debit: 0, openingBalance: 50000, closingBalance: 51234.5 },
};

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('the transaction screen', { timeout: 60_000 }, () => {
  it('asks for the first day of the month to today by default and shows the rows and totals', async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_VIEW_TRANSACTIONS']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/account/searchTransactions': { status: 200, data: page },
    });
    await renderApp('/transaction');
    expect(await screen.findByText('TX0000000007')).toBeInTheDocument();
    const call = requests.find((r) => r.url === '/api/account/searchTransactions');
    // The server's today (TEST_NOW) is 10 March 2026 in Dhaka.
    expect(JSON.parse(String(call?.data))).toEqual({
      companyId: 1,
      startDate: '2026-03-01',
      endDate: '2026-03-10',
      page: 1,
      pageSize: 20,
      sort: 'dateTime,desc',
    });
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-03-10');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Closing balance' })).toHaveTextContent('৳ 51,234.50'),
    );
    expect(screen.getByRole('group', { name: 'Opening balance' })).toHaveTextContent('৳ 50,000.00');
    expect(screen.getByText('Deposit')).toBeInTheDocument();
  });

  it('toasts a refused export once, by its reason, without a second "could not be made"', async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_VIEW_TRANSACTIONS']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      // The screen's page answers; the export's all-rows pages are refused.
      'POST /api/account/searchTransactions': (request) =>
        (JSON.parse(String(request.data)) as { pageSize: number }).pageSize === 20
          ? { status: 200, data: page }
          : { status: 503, data: { reason: 'SALES_RESTRICTED' } },
    });
    await renderApp('/transaction');
    expect(await screen.findByText('TX0000000007')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /CSV/ }));
    await findOneToast('System is in under maintenance');
    expect(toastTexts()).toEqual(['System is in under maintenance']);
  });

  it("prints the list on the agent's chosen printer and paper, laid out for a roll", async () => {
    // The counter's one printer is a 58 mm receipt roll: the list goes there, as the agent chose.
    const settings: ShellSettings = {
      serverUrl: 'http://127.0.0.1:3030',
      language: 'en',
      printer: { deviceName: 'EPSON_TM_T82', paper: '58mm', copies: 3, autoPrintAfterSale: false },
    };
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml, getSettings: vi.fn(() => Promise.resolve({ ok: true as const, value: settings })) });
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_VIEW_TRANSACTIONS']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/account/searchTransactions': { status: 200, data: page },
    });
    await renderApp('/transaction');
    expect(await screen.findByText('TX0000000007')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Print/ }));
    await waitFor(() => expect(printHtml).toHaveBeenCalledTimes(1));
    const job = printHtml.mock.calls[0]![0];
    // One copy of a list, whatever the ticket copies are.
    expect(job).toMatchObject({ deviceName: 'EPSON_TM_T82', paper: '58mm', copies: 1 });
    expect(job.html).toContain('size: 58mm auto');
    expect(job.html).not.toContain('A4 landscape');
    expect(job.html).toContain('data-label="Transaction ID">TX0000000007</td>');
  });
});

describe('the transaction filters by keyboard', { timeout: 60_000 }, () => {
  it('searches on Enter in the type select once a type is picked, as Enter in a text field does', async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_VIEW_TRANSACTIONS']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/account/searchTransactions': { status: 200, data: page },
    });
    await renderApp('/transaction');
    expect(await screen.findByText('TX0000000007')).toBeInTheDocument();
    const searches = () => requests.filter((r) => r.url === '/api/account/searchTransactions');
    expect(searches()).toHaveLength(1);
    const user = userEvent.setup({ delay: null });
    const type = () => screen.getByRole('combobox', { name: 'Type' });
    await user.click(type());
    await user.click(await screen.findByTitle('Credit'));
    await waitFor(() => expect(type()).toHaveAttribute('aria-expanded', 'false'));
    // The list is closed: Enter searches (without the form's handler it would only open the list again).
    await user.keyboard('{Enter}');
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(JSON.parse(String(searches()[1]?.data))).toMatchObject({ type: 'CREDIT' });
  });
});
