import type { PrintJob, Reservation } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { soldReservation } from '../../test/reservation-fixture';
import { fakeBridge } from '../../test/fake-bridge';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';

const PNRS = ['AAAA000001', 'BBBB000002', 'CCCC000003'];
const summary = (pnr: string) => ({
  pnr,
  status: 1,
  tripDate: '2026-11-25',
  coachCode: 'P-102',
  routeName: 'Dhaka - Chattogram',
  origin: 'Sayedabad',
  destination: 'Dampara',
  boardingTime: '2026-11-25T08:30:00+06:00',
  seats: ['A1'],
  passengerName: `Passenger ${pnr}`,
  passengerPhone: '+8801711000000',
  totalFare: 1200,
  reservationTime: '2026-11-21T10:00:00+06:00',
  agentUser: 'agent',
});

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('print unprinted ticket (the real printTicket through a fake shell)', { timeout: 60_000 }, () => {
  it('prints the selected tickets one by one, records only those that printed and keeps the failure on its row', async () => {
    // The shell refuses the second ticket: the printer went offline for it.
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve(
        job.html.includes(PNRS[1]!)
          ? { ok: false as const, error: { reason: 'PRINT_TIMEOUT' } }
          : { ok: true as const, value: { copiesPrinted: 1 } },
      ),
    );
    fakeBridge({ printHtml });
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    let printed: string[] = [];
    const printable: Reservation[] = PNRS.slice(0, 2).map((pnr) => soldReservation({ pnr, printCount: 0 }));
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_PRINT_TICKET']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/reservation/unprinted': () => {
        const items = PNRS.filter((p) => !printed.includes(p)).map(summary);
        return { status: 200, data: { items, page: 1, pageSize: 20, total: items.length } };
      },
      // The server no longer gives the third ticket (say, cancelled meanwhile): it cannot be loaded.
      'POST /api/reservation/printable': { status: 200, data: printable },
      [`GET /api/reservation/savePrintAction/${PNRS[0]}/ORIGINAL`]: () => {
        printed = [...printed, PNRS[0]!];
        return { status: 200, data: { ok: true, printCount: 1 } };
      },
    });
    await renderApp('/print-unprinted-ticket');
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Tickets not printed yet' });
    await within(table).findByText(PNRS[0]!);
    for (const pnr of PNRS) await user.click(within(table).getByRole('checkbox', { name: pnr }));
    await user.click(screen.getByRole('button', { name: /Print selected \(3\)/ }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('1 printed, 2 failed'));
    expect(printHtml).toHaveBeenCalledTimes(2);
    const asked = requests.find((r) => r.url === '/api/reservation/printable');
    expect(JSON.parse(String(asked?.data))).toEqual({ companyId: 1, pnrs: PNRS });
    const recorded = requests.filter((r) => r.url?.startsWith('/api/reservation/savePrintAction/')).map((r) => r.url);
    expect(recorded).toEqual([`/api/reservation/savePrintAction/${PNRS[0]}/ORIGINAL`]);
    // The printed row leaves the list; the failures stay, each with its reason.
    await waitFor(() => expect(within(table).queryByText(PNRS[0]!)).not.toBeInTheDocument());
    const rowOf = (pnr: string) => within(table).getByText(pnr).closest('tr')!;
    expect(
      within(rowOf(PNRS[1]!)).getByRole('cell', { name: /The printer did not answer in time/ }),
    ).toBeInTheDocument();
    expect(
      within(rowOf(PNRS[2]!)).getByRole('cell', { name: /The ticket details could not be loaded/ }),
    ).toBeInTheDocument();
    // Failed rows stay selected for another try.
    expect(screen.getByRole('button', { name: /Print selected \(2\)/ })).toBeEnabled();
  });

  it('leaves out tickets whose coach has left until the agent asks for them, and marks those as left', async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const left = { ...summary('DDDD000004'), boardingTime: '2020-01-01T08:30:00+06:00', tripDate: '2020-01-01' };
    const coming = { ...summary('EEEE000005'), boardingTime: '2099-01-01T08:30:00+06:00', tripDate: '2099-01-01' };
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_PRINT_TICKET']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/reservation/unprinted': (config) => {
        const body = JSON.parse(String(config.data)) as { includeDeparted?: boolean };
        const items = body.includeDeparted ? [coming, left] : [coming];
        return { status: 200, data: { items, page: 1, pageSize: 20, total: items.length } };
      },
    });
    await renderApp('/print-unprinted-ticket');
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Tickets not printed yet' });
    await within(table).findByText(coming.pnr);
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/reservation/unprinted')?.data))).not.toHaveProperty(
      'includeDeparted',
    );
    expect(within(table).queryByText(left.pnr)).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Also tickets of coaches that have left' }));
    const leftRow = (await within(table).findByText(left.pnr)).closest('tr')!;
    expect(JSON.parse(String(requests.at(-1)?.data))).toMatchObject({ includeDeparted: true, page: 1 });
    expect(within(leftRow).getByText('Left')).toBeInTheDocument();
    expect(within(within(table).getByText(coming.pnr).closest('tr')!).queryByText('Left')).not.toBeInTheDocument();
  });
});
