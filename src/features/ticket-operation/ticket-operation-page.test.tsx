import { TICKET_OPERATION_PERMISSIONS, type Permission, type PrintJob, type Reservation } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeBridge } from '../../test/fake-bridge';
import { fieldValue } from '../../test/fields';
import { fakeHttp, type Handler, type Reply } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast, toastTexts } from '../../test/toasts';
import { booked, sold } from './test-support/reservations';

const EVERY: Permission[] = [...TICKET_OPERATION_PERMISSIONS];

const OP = 'POST /api/reservation/ticketOperation';

function server(permissions: Permission[], reservation: Reservation, routes: Record<string, Handler | Reply> = {}) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(permissions) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/reservation/recent/1/10': { status: 200, data: [] },
    'POST /api/reservation/byPnrAndPin': { status: 200, data: reservation },
    'POST /api/reservation/history': { status: 200, data: [] },
    ...routes,
  });
}

const bodyOf = (request: InternalAxiosRequestConfig | undefined): Record<string, unknown> =>
  JSON.parse(String(request?.data)) as Record<string, unknown>;
const keyOf = (request: InternalAxiosRequestConfig | undefined) => request?.headers.get('idempotency-key');

async function lookUp(pnr = 'k7q2m9x4pa', pin = '123456') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('PNR'), pnr);
  await user.type(screen.getByLabelText('PIN'), `${pin}{Enter}`);
  await screen.findByRole('region', { name: 'Reservation' });
  return user;
}

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('the ticket-operation screen', { timeout: 60_000 }, () => {
  it('looks the ticket up with the PNR upper-cased and shows its status, seats and figures', async () => {
    const { requests } = server(EVERY, sold());
    await renderApp('/ticket-operation');
    await lookUp();
    const lookupCall = requests.find((r) => r.url === '/api/reservation/byPnrAndPin');
    expect(bodyOf(lookupCall)).toEqual({ pnr: 'K7Q2M9X4PA', pin: '123456' });
    const panel = screen.getByRole('region', { name: 'Reservation' });
    expect(within(panel).getByText('Sold')).toBeInTheDocument();
    expect(fieldValue(panel, 'Fine')).toHaveTextContent('৳ 237.00');
    expect(fieldValue(panel, 'Return amount')).toHaveTextContent('৳ 2,133.00');
    expect(screen.getByRole('checkbox', { name: 'Select seat A2' })).toBeInTheDocument();
  });

  it("shows the arrival time, the passenger's e-mail and remarks and whether the PIN verified it, on a booking too", async () => {
    server(
      EVERY,
      booked({
        arrivalTime: '2030-01-05T12:30:00.000Z',
        verified: true,
        passenger: {
          name: 'Rahim',
          phone: '+8801711223344',
          countryCode: 'BD',
          email: 'rahim@example.com',
          remarks: 'Window seat, please',
        },
      }),
    );
    await renderApp('/ticket-operation');
    await lookUp();
    const panel = screen.getByRole('region', { name: 'Reservation' });
    expect(fieldValue(panel, 'Arrival time')).not.toHaveTextContent('—');
    expect(within(panel).getByText('Arrival time')).toBeInTheDocument();
    expect(fieldValue(panel, 'Passenger e-mail')).toHaveTextContent('rahim@example.com');
    expect(fieldValue(panel, 'Remarks')).toHaveTextContent('Window seat, please');
    expect(fieldValue(panel, 'Verified with PIN')).toHaveTextContent('Yes');
  });

  it('shows a fine and return amount the server quotes for a status other than sold, and a dash for a missing e-mail', async () => {
    server(EVERY, sold({ status: 12, fine: 100, returnAmount: 2270, verified: false, allowedActions: [] }));
    await renderApp('/ticket-operation');
    await lookUp();
    const panel = screen.getByRole('region', { name: 'Reservation' });
    expect(fieldValue(panel, 'Fine')).toHaveTextContent('৳ 100.00');
    expect(fieldValue(panel, 'Return amount')).toHaveTextContent('৳ 2,270.00');
    expect(fieldValue(panel, 'Passenger e-mail')).toHaveTextContent('—');
    expect(fieldValue(panel, 'Verified with PIN')).toHaveTextContent('No');
  });

  it('opens on the PNR of its address (a seat of the reservation map) and asks for the PIN', async () => {
    const { requests } = server(EVERY, sold());
    await renderApp('/ticket-operation?pnr=k7q2-m9x4pa');
    expect(await screen.findByLabelText('PNR')).toHaveValue('K7Q2M9X4PA');
    await waitFor(() => expect(screen.getByLabelText('PIN')).toHaveFocus());
    const user = userEvent.setup({ delay: null });
    await user.keyboard('123456{Enter}');
    await screen.findByRole('region', { name: 'Reservation' });
    expect(bodyOf(requests.find((r) => r.url === '/api/reservation/byPnrAndPin'))).toEqual({
      pnr: 'K7Q2M9X4PA',
      pin: '123456',
    });
  });

  it('names a missing PNR and a wrong PIN', async () => {
    const { requests } = server(EVERY, sold(), {
      'POST /api/reservation/byPnrAndPin': { status: 422, data: { reason: 'WRONG_PNR_PIN' } },
    });
    await renderApp('/ticket-operation');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Please enter the PNR')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/reservation/byPnrAndPin')).toBe(false);
    await user.type(screen.getByLabelText('PNR'), 'K7Q2M9X4PA');
    await user.type(screen.getByLabelText('PIN'), '000000{Enter}');
    // The missing PNR was a field check (inline); the refused look-up is one toast, not a copy beside the form.
    await findOneToast('Wrong PNR or PIN');
    expect(screen.getAllByText('Wrong PNR or PIN')).toHaveLength(1);
  });

  it('offers only what the status and permissions allow: a booking with confirm but no cancel permission', async () => {
    server(['AGENT_CONFIRM_BOOKING'], booked({ allowedActions: [1] }));
    await renderApp('/ticket-operation');
    await lookUp();
    expect(screen.getByRole('button', { name: /Confirm booking/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Extend booking time/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel ticket/ })).not.toBeInTheDocument();
  });

  it('has no seat checkboxes without the partial-cancel permission', async () => {
    server(['AGENT_CANCEL_RESERVATION'], sold());
    await renderApp('/ticket-operation');
    await lookUp();
    expect(screen.getByRole('button', { name: /Cancel ticket/ })).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: 'Select seat A1' })).not.toBeInTheDocument();
  });

  it('with only the partial permission, asks for seats before it cancels', async () => {
    server(['AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION'], sold());
    await renderApp('/ticket-operation');
    const user = await lookUp();
    expect(screen.getByRole('button', { name: /Cancel ticket/ })).toBeDisabled();
    expect(screen.getByText('You may cancel only some of the seats: tick them first.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select seat A2' }));
    expect(screen.getByRole('button', { name: /Cancel 1 seat/ })).toBeEnabled();
  });

  it('shows the fine and return amount before cancelling, then sends the amount shown with an Idempotency-Key', async () => {
    const { requests } = server(EVERY, sold(), {
      [OP]: { status: 200, data: sold({ seats: [sold().seats[0]!, { ...sold().seats[1]!, status: 5 }] }) },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('checkbox', { name: 'Select seat A2' }));
    await user.click(screen.getByRole('button', { name: /Cancel 1 seat/ }));
    const dialog = await screen.findByRole('dialog');
    expect(fieldValue(dialog, 'Fine')).toHaveTextContent('৳ 105.00');
    expect(fieldValue(dialog, 'Return amount')).toHaveTextContent('৳ 945.00');
    expect(requests.some((r) => r.url === '/api/reservation/ticketOperation')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: /Cancel and return the amount/ }));
    expect(await screen.findByText('Ticket cancelled')).toBeInTheDocument();
    const sent = requests.filter((r) => r.url === '/api/reservation/ticketOperation');
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0])).toEqual({ pnr: 'K7Q2M9X4PA', pin: '123456', action: 2, seats: ['A2'], returnAmount: 945 });
    expect(keyOf(sent[0])).toMatch(/^[0-9a-f-]{36}$/);
    // The balance chip reloads after money moved.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/account/1').length).toBeGreaterThan(1));
  });

  it("shows the server's new figures when the return amount changed, and sends those", async () => {
    let calls = 0;
    const { requests } = server(EVERY, sold(), {
      [OP]: () =>
        ++calls === 1
          ? { status: 409, data: { reason: 'RETURN_AMOUNT_MISMATCH', details: { returnAmount: 1777.5, fine: 592.5 } } }
          : { status: 200, data: sold({ status: 5, allowedActions: [] }) },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('button', { name: /Cancel ticket/ }));
    const dialog = await screen.findByRole('dialog');
    expect(fieldValue(dialog, 'Return amount')).toHaveTextContent('৳ 2,133.00');
    await user.click(within(dialog).getByRole('button', { name: /Cancel and return the amount/ }));
    await waitFor(() => expect(fieldValue(dialog, 'Return amount')).toHaveTextContent('৳ 1,777.50'));
    expect(fieldValue(dialog, 'Fine')).toHaveTextContent('৳ 592.50');
    expect(within(dialog).getByText(/The fine and return amount changed/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /Cancel and return the amount/ }));
    expect(await screen.findByText('Ticket cancelled')).toBeInTheDocument();
    const sent = requests.filter((r) => r.url === '/api/reservation/ticketOperation');
    expect(sent.map((r) => bodyOf(r).returnAmount)).toEqual([2133, 1777.5]);
    expect(keyOf(sent[0])).not.toBe(keyOf(sent[1]));
  });

  it('reuses the Idempotency-Key when the agent retries after no answer, and shows the amount before charging', async () => {
    let calls = 0;
    const { requests } = server(EVERY, booked(), {
      [OP]: () =>
        ++calls === 1
          ? 'network-error'
          : { status: 200, data: booked({ status: 1, allowedActions: [2], expirationTime: null }) },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('button', { name: /Confirm booking/ }));
    const dialog = await screen.findByRole('dialog');
    expect(fieldValue(dialog, 'Amount to charge')).toHaveTextContent('৳ 1,320.00');
    const charge = within(dialog).getByRole('button', { name: /Confirm and charge ৳ 1,320.00/ });
    await user.click(charge);
    expect(await within(dialog).findByText(/Trying again is safe/)).toBeInTheDocument();
    await findOneToast('Cannot reach the server. Please try again.');
    expect(dialog).not.toHaveTextContent('Cannot reach the server');
    await user.click(charge);
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();

    const sent = requests.filter((r) => r.url === '/api/reservation/ticketOperation');
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[0])).toBeTruthy();
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
  });

  it('toasts a cancel refused past the cut-off once, closes the dialog and offers no cancel', async () => {
    server(EVERY, sold(), {
      [OP]: { status: 422, data: { reason: 'RESERVATION_CANCEL_TIME_EXPIRED' } },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('button', { name: /Cancel ticket/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Cancel and return the amount/ }));
    const toast = await findOneToast('The cancellation time has expired');
    expect(toast).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts()).toEqual(['The cancellation time has expired']);
  });

  it('toasts a refused extension once and says under the time field until when the booking can be held', async () => {
    server(EVERY, booked(), {
      [OP]: {
        status: 422,
        data: { reason: 'INVALID_EXPIRATION_TIME', details: { latest: '2026-03-10T14:00:00.000Z' } },
      },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('button', { name: /Extend booking time/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await findOneToast('Invalid expiration time');
    const field = within(dialog).getByLabelText('New expiry time').closest('.ant-form-item')!;
    expect(field).toHaveTextContent(
      'This time is not allowed. The booking can be held until Mar 10, 2026 08:00 PM at the latest.',
    );
    expect(dialog).not.toHaveTextContent('Invalid expiration time');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends once however fast the agent double-clicks', async () => {
    let release: (reply: Reply) => void = () => undefined;
    const { requests } = server(EVERY, booked(), {
      [OP]: () => new Promise<Reply>((resolve) => (release = resolve)),
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('button', { name: /Confirm booking/ }));
    const dialog = await screen.findByRole('dialog');
    const charge = within(dialog).getByRole('button', { name: /Confirm and charge/ });
    await user.dblClick(charge);
    await user.click(charge);
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/reservation/ticketOperation')).toHaveLength(1));
    release({ status: 200, data: booked({ status: 1, allowedActions: [] }) });
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/reservation/ticketOperation')).toHaveLength(1);
  });

  it('resends the PIN after a confirmation, then asks for the new PIN', async () => {
    const { requests } = server(EVERY, sold(), {
      'POST /api/reservation/resendPin': { status: 200, data: { ok: true, maskedPhone: '+880171****344' } },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(screen.getByRole('button', { name: /Resend PIN/ }));
    expect(requests.some((r) => r.url === '/api/reservation/resendPin')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('A new PIN was sent to +880171****344. Ask the passenger for it to continue.'),
    ).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/api/reservation/resendPin'))).toEqual({ pnr: 'K7Q2M9X4PA' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Reservation' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('PNR')).toHaveValue('K7Q2M9X4PA');
    expect(screen.getByLabelText('PIN')).toHaveValue('');
  });
});

describe('the ticket-operation screen by keyboard', { timeout: 60_000 }, () => {
  it('gives the focus to the first action after a look-up, and Ctrl+P prints the ticket looked up', async () => {
    // The desktop shell's printer (the real printTicket runs): a silent print, recorded as a reprint.
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml });
    const { requests } = server([...EVERY, 'AGENT_PRINT_TICKET'], sold({ printCount: 1 }), {
      'GET /api/reservation/savePrintAction/K7Q2M9X4PA/REPRINT': { status: 200, data: { ok: true, printCount: 2 } },
    });
    await renderApp('/ticket-operation');
    // Nothing looked up yet: Ctrl+P prints nothing (and not the page either: the key is the screen's).
    await waitFor(() => expect(screen.getByLabelText('PNR')).toHaveFocus());
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Control>}p{/Control}');
    expect(printHtml).not.toHaveBeenCalled();

    await lookUp();
    const actions = screen.getByRole('group', { name: 'Actions' });
    await waitFor(() => expect(within(actions).getAllByRole('button')[0]).toHaveFocus());
    await user.keyboard('{Control>}p{/Control}');
    await waitFor(() => expect(printHtml).toHaveBeenCalledTimes(1));
    expect(printHtml.mock.calls[0]![0].html).toContain('K7Q2M9X4PA');
    await waitFor(() =>
      expect(requests.filter((r) => r.url?.startsWith('/api/reservation/savePrintAction/')).map((r) => r.url)).toEqual([
        '/api/reservation/savePrintAction/K7Q2M9X4PA/REPRINT',
      ]),
    );
  });

  it('prints nothing by Ctrl+P where the user may not reprint the ticket (no AGENT_PRINT_TICKET)', async () => {
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml });
    server(EVERY, sold({ printCount: 1 }));
    await renderApp('/ticket-operation');
    const user = await lookUp();
    expect(screen.queryByRole('button', { name: /Print ticket/ })).toBeNull();
    await user.keyboard('{Control>}p{/Control}');
    expect(printHtml).not.toHaveBeenCalled();
  });
});
