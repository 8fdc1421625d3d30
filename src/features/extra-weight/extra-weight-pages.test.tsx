import type { PrintJob } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { soldReservation } from '../../test/reservation-fixture';
import { fakeBridge } from '../../test/fake-bridge';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { columnTexts, fieldValue } from '../../test/fields';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast } from '../../test/toasts';

const charge = {
  pnr: 'XW12345678',
  reservationPnr: 'K7Q2M9X4PA',
  companyId: 1,
  amount: 175,
  description: '2 bags, 35 kg',
  issueTime: '2026-11-22T04:00:00.000Z',
  status: 'ACTIVE',
  cancelTime: null,
  lastPrintType: null,
  printCount: 0,
  passengerName: 'Karim',
  coachCode: 'GL-101',
  tripDate: '2026-11-25',
  routeName: 'Dhaka - Chattogram',
  agentUser: 'agent',
  outlet: 'Motijheel Counter',
};

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('extra weight charge', { timeout: 60_000 }, () => {
  it('reviews before any money moves, charges once with an Idempotency-Key, refreshes the balance and prints a recorded receipt', async () => {
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml });
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_SELL_EXTRA_WEIGHT_CHARGE']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/reservation/byPnrAndPin': { status: 200, data: soldReservation() },
      'POST /api/extraWeightCharge/list': { status: 200, data: { items: [], page: 1, pageSize: 50, total: 0 } },
      'POST /api/extraWeightCharge': { status: 200, data: charge },
      'POST /api/createVoucher': { status: 200, data: { voucherNo: 'XV-000042' } },
      'POST /api/extraWeightCharge/savePrintAction': { status: 200, data: { ok: true, printCount: 1 } },
    });
    await renderApp('/extra-weight-charge');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('PNR'), 'k7q2m9x4pa');
    await user.type(screen.getByLabelText('PIN'), '123456{Enter}');
    expect(await screen.findByRole('group', { name: 'Ticket' })).toHaveTextContent('K7Q2M9X4PA');

    const form = screen.getByRole('form', { name: 'Charge extra weight' });
    await user.type(within(form).getByLabelText('Amount'), '175');
    await user.type(within(form).getByLabelText('Description'), '2 bags, 35 kg');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    expect(fieldValue(dialog, 'Amount')).toHaveTextContent('৳ 175.00');
    expect(within(dialog).getByText('৳ 49,825.00')).toBeInTheDocument();
    const charges = () => requests.filter((r) => r.url === '/api/extraWeightCharge');
    expect(charges()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Charge' }));
    expect(await screen.findByText('Extra weight XW12345678 charged')).toBeInTheDocument();
    expect(charges()).toHaveLength(1);
    expect(JSON.parse(String(charges()[0]!.data))).toEqual({
      companyId: 1,
      reservationPnr: 'K7Q2M9X4PA',
      amount: 175,
      description: '2 bags, 35 kg',
    });
    expect(charges()[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/account/1').length).toBeGreaterThan(1));

    await user.click(screen.getByRole('button', { name: /Print receipt/ }));
    expect(await screen.findByText('Receipt printed')).toBeInTheDocument();
    expect(printHtml).toHaveBeenCalledTimes(1);
    expect(printHtml.mock.calls[0]![0].html).toContain('XV-000042');
    const recorded = requests.filter((r) => r.url === '/api/extraWeightCharge/savePrintAction');
    expect(recorded.map((r) => JSON.parse(String(r.data)))).toEqual([{ pnr: 'XW12345678', printType: 'ORIGINAL' }]);
  });

  it('does not record a receipt the printer refused', async () => {
    fakeBridge({
      printHtml: vi.fn(() => Promise.resolve({ ok: false as const, error: { reason: 'PRINTER_NOT_FOUND' } })),
    });
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_RETURN_EXTRA_WEIGHT_CHARGE']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/extraWeightCharge/find': {
        status: 200,
        data: { ...charge, status: 'CANCELLED', cancelTime: '2026-11-22T05:00:00.000Z' },
      },
      'POST /api/createVoucher': { status: 200, data: { voucherNo: 'XR-000007' } },
    });
    await renderApp('/extra-weight-return');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Charge PNR'), 'xw12345678{Enter}');
    expect(await screen.findByRole('cell', { name: 'Returned' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Return$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Print receipt/ }));
    expect(await screen.findByText(/The receipt did not print/)).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/extraWeightCharge/savePrintAction')).toBe(false);
  });

  it("shows each charge's last print type in the ticket's charges table", async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_SELL_EXTRA_WEIGHT_CHARGE']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/reservation/byPnrAndPin': { status: 200, data: soldReservation() },
      'POST /api/extraWeightCharge/list': {
        status: 200,
        data: {
          items: [
            { ...charge, lastPrintType: 'REPRINT', printCount: 2 },
            { ...charge, pnr: 'XW87654321', lastPrintType: null },
          ],
          page: 1,
          pageSize: 50,
          total: 2,
        },
      },
    });
    await renderApp('/extra-weight-charge');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('PNR'), 'k7q2m9x4pa');
    await user.type(screen.getByLabelText('PIN'), '123456{Enter}');
    const table = await screen.findByRole('table', { name: 'Extra weight charges on this ticket' });
    expect(await within(table).findByRole('columnheader', { name: 'Last print' })).toBeInTheDocument();
    await waitFor(() => expect(columnTexts(table, 'Last print')).toEqual(['Reprint', 'Not printed']));
  });

  it("shows a charge's last print type in its details", async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_RETURN_EXTRA_WEIGHT_CHARGE']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/extraWeightCharge/find': {
        status: 200,
        data: {
          ...charge,
          status: 'CANCELLED',
          cancelTime: '2026-11-22T05:00:00.000Z',
          lastPrintType: 'RETURN',
          printCount: 3,
        },
      },
    });
    await renderApp('/extra-weight-return');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Charge PNR'), 'xw12345678{Enter}');
    await screen.findByRole('columnheader', { name: 'Last print' });
    expect(fieldValue(document.body, 'Last print')).toHaveTextContent('Return');
  });
});

describe('extra weight errors', { timeout: 60_000 }, () => {
  function chargeServer(routes: Record<string, Parameters<typeof fakeHttp>[0][string]>) {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    return fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': {
        status: 200,
        data: profileWith(['AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE']),
      },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/reservation/byPnrAndPin': { status: 200, data: soldReservation() },
      'POST /api/extraWeightCharge/list': { status: 200, data: { items: [], page: 1, pageSize: 50, total: 0 } },
      ...routes,
    });
  }

  async function review(amount: string) {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('PNR'), 'k7q2m9x4pa');
    await user.type(screen.getByLabelText('PIN'), '123456{Enter}');
    const form = await screen.findByRole('form', { name: 'Charge extra weight' });
    await user.type(within(form).getByLabelText('Amount'), amount);
    await user.type(within(form).getByLabelText('Description'), '2 bags');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Charge' }));
    return { user, form, dialog };
  }

  it('toasts a wrong PNR or PIN once, with nothing beside the form', async () => {
    chargeServer({ 'POST /api/reservation/byPnrAndPin': { status: 422, data: { reason: 'WRONG_PNR_PIN' } } });
    await renderApp('/extra-weight-charge');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('PNR'), 'k7q2m9x4pa');
    await user.type(screen.getByLabelText('PIN'), '000000{Enter}');
    await findOneToast('Wrong PNR or PIN');
    expect(screen.getAllByText('Wrong PNR or PIN')).toHaveLength(1);
  });

  it('toasts a refused charge once and keeps the review open', async () => {
    chargeServer({ 'POST /api/extraWeightCharge': { status: 422, data: { reason: 'INSUFFICIENT_BALANCE' } } });
    await renderApp('/extra-weight-charge');
    const { dialog } = await review('175');
    await findOneToast('Insufficient balance');
    expect(dialog).not.toHaveTextContent('Insufficient balance');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('puts a field error of the answer under its field, and toasts the failure once', async () => {
    chargeServer({
      'POST /api/extraWeightCharge': {
        status: 400,
        data: { reason: 'VALIDATION_FAILED', details: { fields: { amount: 'AMOUNT_REQUIRED' } } },
      },
    });
    await renderApp('/extra-weight-charge');
    const { form } = await review('175');
    await findOneToast('Please correct the highlighted fields');
    const amount = within(form).getByLabelText('Amount').closest('.ant-form-item')!;
    await waitFor(() => expect(amount).toHaveTextContent('Please enter the amount'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts a charge PNR that is not found once', async () => {
    chargeServer({
      'POST /api/extraWeightCharge/find': { status: 404, data: { reason: 'EXTRA_WEIGHT_CHARGE_NOT_FOUND' } },
    });
    await renderApp('/extra-weight-return');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Charge PNR'), 'xw12345678{Enter}');
    await findOneToast('Extra weight charge not found');
    expect(screen.getAllByText('Extra weight charge not found')).toHaveLength(1);
  });

  it('toasts a refused return once and keeps its dialog open', async () => {
    chargeServer({
      'POST /api/extraWeightCharge/find': { status: 200, data: charge },
      'POST /api/extraWeightCharge/cancel': { status: 422, data: { reason: 'EXTRA_WEIGHT_NOT_ALLOWED' } },
    });
    await renderApp('/extra-weight-return');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Charge PNR'), 'xw12345678{Enter}');
    await user.click(await screen.findByRole('button', { name: /Return$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Return$/ }));
    await findOneToast('Extra weight charge is not allowed for this reservation');
    expect(dialog).not.toHaveTextContent('not allowed');
  });
});
