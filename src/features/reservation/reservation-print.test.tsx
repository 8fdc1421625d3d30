import type { Permission, PrintJob } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBridge } from '../../test/fake-bridge';
import { draft } from './state/draft-store';
import { quoteHandler } from './test-support/fare-quote';
import { cities, details, trip } from './test-support/trip-fixtures';
import { nowMs } from '../../lib/format/company-time';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { soldReservation } from '../../test/reservation-fixture';
import { renderApp, resetApp } from '../../test/render-app';

const SELLER: Permission[] = ['AGENT_CREATE_RESERVATION'];

afterEach(() => {
  resetApp();
  draft.reset();
  delete window.agentPortal;
});

/** Sells one seat of the fixture trip through the screen (no print after the sale: the browser's default). */
async function sellOne(permissions: Permission[]) {
  const printHtml = vi.fn((job: PrintJob) =>
    Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
  );
  fakeBridge({ printHtml });
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  const { requests } = fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(permissions) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/lookup/agentCity/1': { status: 200, data: cities },
    'GET /api/lookup/agentRoute/1': { status: 200, data: [] },
    'GET /api/lookup/coachTypes/1': { status: 200, data: [{ id: 1, name: 'AC Business' }] },
    'GET /api/lookup/country': { status: 200, data: [{ id: 1, code: 'BD', name: 'Bangladesh', dialCode: '+880' }] },
    'POST /api/lookup/busStation': { status: 200, data: [] },
    'POST /api/trip/searchByCode': { status: 200, data: [trip] },
    'POST /api/trip/details': { status: 200, data: details },
    'POST /api/passenger/find': { status: 200, data: null },
    'POST /api/reservation/quote': quoteHandler(),
    'POST /api/reservation/seatLock': (request) => {
      const body = JSON.parse(String(request.data)) as { lock: string[] };
      return { status: 200, data: { seats: body.lock, expiresAt: new Date(nowMs() + 300_000).toISOString() } };
    },
    'POST /api/reservation/createReservation': { status: 200, data: soldReservation({ printCount: 0, pin: '123456' }) },
    'GET /api/reservation/savePrintAction/K7Q2M9X4PA/ORIGINAL': { status: 200, data: { ok: true, printCount: 1 } },
    'GET /api/reservation/savePrintAction/K7Q2M9X4PA/REPRINT': { status: 200, data: { ok: true, printCount: 2 } },
  });
  const user = userEvent.setup({ delay: null });
  await renderApp('/reservation');
  await screen.findByRole('heading', { name: 'Reservation' });
  await user.click(screen.getByLabelText('Coach code'));
  await user.paste('P-102');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(
    await within(await screen.findByRole('table', { name: 'Trips' })).findByRole('button', { name: 'Pick' }),
  );
  await user.click(await screen.findByRole('button', { name: /^Seat A1,/ }));
  await screen.findByText(/^1 seat · total/);
  await user.click(screen.getByLabelText('Phone'));
  await user.paste('01711000000');
  await user.click(screen.getByLabelText('Name'));
  await user.paste('Rahim Uddin');
  await user.keyboard('{F9}');
  const confirm = await screen.findByRole('button', { name: 'Confirm and sell' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await user.click(confirm);
  const result = await screen.findByRole('region', { name: 'Ticket sold' });
  return { user, requests, printHtml, result };
}

/** Sells one seat and prints the ticket once. */
async function sellAndPrintOnce(permissions: Permission[]) {
  const { user, requests, printHtml, result } = await sellOne(permissions);
  // The first print belongs to the sale: any seller may make it.
  await user.click(within(result).getByRole('button', { name: /Print$/ }));
  await waitFor(() =>
    expect(requests.filter((r) => r.url?.startsWith('/api/reservation/savePrintAction/'))).toHaveLength(1),
  );
  return { user, requests, printHtml, result };
}

describe('the reservation screen prints (the real printTicket through a fake shell)', { timeout: 120_000 }, () => {
  it('puts the focus on Print after a sale; Enter prints, and the focus moves on to New sale', async () => {
    const { user, printHtml, result } = await sellOne([...SELLER, 'AGENT_PRINT_TICKET']);
    const print = within(result).getByRole('button', { name: /Print$/ });
    await waitFor(() => expect(print).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(printHtml).toHaveBeenCalledTimes(1));
    // Print is still offered (a reprint is allowed here), but the next keystroke belongs to the next sale.
    await waitFor(() => expect(within(result).getByRole('button', { name: /New sale/ })).toHaveFocus());
    expect(within(result).getByRole('button', { name: /Print$/ })).toBeInTheDocument();
  });

  it('offers no reprint to a seller without AGENT_PRINT_TICKET: not on the result, not in the action bar, not by Ctrl+P', async () => {
    const { user, requests, printHtml, result } = await sellAndPrintOnce(SELLER);
    await waitFor(() => expect(within(result).queryByRole('button', { name: /Print$/ })).toBeNull());
    expect(
      within(screen.getByRole('toolbar', { name: 'Reservation actions' })).getByRole('button', { name: /Print/ }),
    ).toBeDisabled();
    await user.keyboard('{Control>}p{/Control}');
    expect(printHtml).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r.url?.startsWith('/api/reservation/savePrintAction/')).map((r) => r.url)).toEqual([
      '/api/reservation/savePrintAction/K7Q2M9X4PA/ORIGINAL',
    ]);
  });

  it('reprints with AGENT_PRINT_TICKET, recorded as a reprint', async () => {
    const { user, requests, printHtml, result } = await sellAndPrintOnce([...SELLER, 'AGENT_PRINT_TICKET']);
    await user.click(await within(result).findByRole('button', { name: /Print$/ }));
    await waitFor(() => expect(printHtml).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(requests.filter((r) => r.url?.startsWith('/api/reservation/savePrintAction/')).map((r) => r.url)).toEqual([
        '/api/reservation/savePrintAction/K7Q2M9X4PA/ORIGINAL',
        '/api/reservation/savePrintAction/K7Q2M9X4PA/REPRINT',
      ]),
    );
  });
});
