import type { PrintJob } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBridge } from '../../test/fake-bridge';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, pendingDeposit, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';

const deposit = { ...pendingDeposit, description: 'Cash at the bank' };
const voucher = {
  voucherNo: 'DV-1-0000042',
  kind: 'DEPOSIT',
  companyId: 1,
  companyName: 'Padma Paribahan',
  referenceId: 'DP00000042',
  amount: 1500,
  remarks: null,
  agentName: 'Shapla Travels',
  outlet: 'Motijheel Counter',
  user: 'agent',
  issueTime: '2026-11-21T10:00:00.000Z',
};

function server(createVoucher: { status: number; data: unknown } = { status: 200, data: voucher }) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_DEPOSIT_REQUEST']) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'POST /api/account/depositList': { status: 200, data: { items: [deposit], page: 1, pageSize: 20, total: 1 } },
    'POST /api/createVoucher': createVoucher,
  });
}

/** The same server, which also takes the deposit request (answering the deposit the list shows). */
function fakeHttpWithDeposit() {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_DEPOSIT_REQUEST']) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'POST /api/account/depositList': { status: 200, data: { items: [deposit], page: 1, pageSize: 20, total: 1 } },
    'POST /api/account/deposit': { status: 200, data: deposit },
    'POST /api/createVoucher': { status: 200, data: voucher },
  });
}

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('deposit receipts', { timeout: 60_000 }, () => {
  it("shows each deposit's voucher number and prints its receipt with it", async () => {
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml });
    const { requests } = server();
    await renderApp('/deposit');
    const table = await screen.findByRole('table', { name: 'Deposit requests' });
    expect(await within(table).findByRole('cell', { name: 'DV-1-0000042' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByRole('button', { name: 'Print the receipt of DP00000042' }));
    expect(await screen.findByText('Receipt DV-1-0000042 printed')).toBeInTheDocument();
    expect(printHtml).toHaveBeenCalledTimes(1);
    const html = printHtml.mock.calls[0]![0].html;
    expect(html).toContain('Deposit receipt');
    expect(html).toContain('DV-1-0000042');
    expect(html).toContain('DP00000042');
    expect(html).toContain('SLIP-1');
    expect(html).toContain('Padma Paribahan');
    const asked = requests.filter((r) => r.url === '/api/createVoucher').map((r) => JSON.parse(String(r.data)));
    expect(asked).toEqual([{ companyId: 1, kind: 'DEPOSIT', referenceId: 'DP00000042', amount: 1500 }]);
  });

  it('prints the receipt from the confirmation shown after the request, with its voucher number', async () => {
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml });
    const { requests } = fakeHttpWithDeposit();
    await renderApp('/deposit');
    const form = await screen.findByRole('form', { name: 'Request a deposit' });
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByLabelText('Amount'), '1500');
    await user.type(within(form).getByLabelText('Confirm amount'), '1500');
    await user.type(within(form).getByLabelText('Reference number'), 'SLIP-1');
    await user.click(within(form).getByRole('button', { name: 'Request deposit' }));

    const text = await screen.findByText('Deposit DP00000042 requested, voucher DV-1-0000042: it counts once approved');
    const confirmation = text.closest<HTMLElement>('[role="status"]')!;
    await user.click(within(confirmation).getByRole('button', { name: 'Print receipt' }));
    expect(await screen.findByText('Receipt DV-1-0000042 printed')).toBeInTheDocument();
    expect(printHtml).toHaveBeenCalledTimes(1);
    const html = printHtml.mock.calls[0]![0].html;
    expect(html).toContain('Deposit receipt');
    expect(html).toContain('DV-1-0000042');
    expect(html).toContain('DP00000042');
    expect(requests.filter((r) => r.url === '/api/createVoucher')).toHaveLength(1);
  });

  it('says so in Bengali when the printer refuses the receipt', async () => {
    fakeBridge({
      printHtml: vi.fn(() => Promise.resolve({ ok: false as const, error: { reason: 'PRINTER_NOT_FOUND' } })),
    });
    server();
    await renderApp('/deposit', 'bn');
    const table = await screen.findByRole('table', { name: 'ডিপোজিটের অনুরোধসমূহ' });
    const user = userEvent.setup({ delay: null });
    await user.click(await within(table).findByRole('button', { name: 'DP00000042-এর রসিদ প্রিন্ট করুন' }));
    expect(await screen.findByText(/রসিদ প্রিন্ট হয়নি/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'DP00000042-এর রসিদ প্রিন্ট করুন' })).toBeEnabled(),
    );
  });
});
