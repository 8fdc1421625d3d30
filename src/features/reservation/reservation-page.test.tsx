import type { Permission } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Handler, type Reply } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { draft } from './state/draft-store';
import { soldReservation } from '../../test/reservation-fixture';
import { cities, details, trip } from './test-support/trip-fixtures';

const EVERYTHING: Permission[] = ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING', 'AGENT_SELL_OPEN_TICKET', 'AGENT_MIGRATE_TRIP', 'AGENT_VIEW_PASSENGER'];

function signedIn(permissions: Permission[], routes: Record<string, Reply | Handler> = {}) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(permissions) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/lookup/agentCity/1': { status: 200, data: cities },
    'GET /api/lookup/agentRoute/1': { status: 200, data: [] },
    'GET /api/lookup/coachTypes/1': { status: 200, data: [{ id: 1, name: 'AC Business' }] },
    'GET /api/lookup/country': { status: 200, data: [{ id: 2, code: 'IN', name: 'India', dialCode: '+91' }, { id: 1, code: 'BD', name: 'Bangladesh', dialCode: '+880' }] },
    'POST /api/lookup/busStation': { status: 200, data: [] },
    'POST /api/trip/searchByRoute': { status: 200, data: [trip] },
    'POST /api/trip/searchByCode': { status: 200, data: [trip] },
    'POST /api/trip/details': { status: 200, data: details },
    'POST /api/passenger/list': { status: 200, data: [] },
    'POST /api/passenger/find': { status: 200, data: null },
    'POST /api/reservation/seatLock': (request) => {
      const body = JSON.parse(String(request.data)) as { lock: string[] };
      return { status: 200, data: { seats: body.lock, expiresAt: new Date(Date.now() + 300_000).toISOString() } };
    },
    ...routes,
  });
}

afterEach(() => {
  resetApp();
  draft.reset();
});

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  // The open dropdown is the last one in the document (closed ones stay, hidden).
  const options = await screen.findAllByTitle(text);
  await user.click(options[options.length - 1]!);
}

async function openScreen(permissions: Permission[], routes: Record<string, Reply | Handler> = {}) {
  const http = signedIn(permissions, routes);
  const user = userEvent.setup({ delay: null });
  await renderApp('/reservation');
  await screen.findByRole('heading', { name: 'Reservation' });
  await waitFor(() => expect(http.requests.some((r) => r.url === '/api/lookup/agentCity/1')).toBe(true));
  return { user, requests: http.requests };
}

// Whole-screen tests in jsdom are slow on a busy machine; they are few.
describe('the reservation screen', { timeout: 120_000 }, () => {
  it('refuses the same city as origin and destination, and searches nothing', async () => {
    const { user, requests } = await openScreen(EVERYTHING);
    await choose(user, 'From', 'Dhaka');
    await choose(user, 'To', 'Dhaka');
    await user.click(screen.getByTestId('search-submit'));
    expect(await screen.findByText('Origin and destination must be different')).toBeInTheDocument();
    expect(requests.some((r) => r.url?.startsWith('/api/trip/search'))).toBe(false);
  });

  it('shows only the actions the agent holds a permission for', async () => {
    await openScreen(['AGENT_CREATE_BOOKING']);
    const bar = screen.getByTestId('action-bar');
    expect(within(bar).getByRole('button', { name: /Book/ })).toBeInTheDocument();
    for (const hidden of [/^Sell/, /Open ticket/, /^Migrate/]) expect(within(bar).queryByRole('button', { name: hidden })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Passengers' })).toBeNull();
  });

  it('sells once from the preview with the coupon discount, however often Confirm is pressed', async () => {
    let sells = 0;
    const { user, requests } = await openScreen(EVERYTHING, {
      'POST /api/reservation/checkDiscountCoupon': {
        status: 200,
        data: { couponCode: 'PCT10', type: 'PERCENT', value: 10, validUntil: '2027-01-01T00:00:00.000Z', remainingUses: 1 },
      },
      'POST /api/reservation/createReservation': async () => {
        sells += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { status: 200, data: soldReservation({ seats: [], totalFare: 2376 }) };
      },
    });
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(screen.getByLabelText('Coach code'), 'P-102');
    await user.click(screen.getByTestId('search-submit'));
    await user.click(await within(await screen.findByTestId('trip-list')).findByRole('button', { name: 'Pick' }));
    await user.click(await screen.findByRole('button', { name: /^Seat A1,/ }));
    await user.click(await screen.findByRole('button', { name: /^Seat A2,/ }));
    await waitFor(() => expect(screen.getByTestId('selection-total')).toHaveTextContent('2 seats'));
    await fill(screen.getByLabelText('Phone'), '01711000000');
    await fill(screen.getByLabelText('Name'), 'Rahim Uddin');
    await fill(screen.getByPlaceholderText('Coupon code'), 'pct10');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('coupon-applied')).toHaveTextContent('PCT10');

    await user.keyboard('{F9}');
    const preview = await screen.findByTestId('reservation-preview');
    // 10% of 1,320.00 per seat: 132.00 twice.
    expect(within(preview).getByTestId('preview-discount')).toHaveTextContent('৳ 264.00');
    expect(within(preview).getByTestId('preview-total')).toHaveTextContent('৳ 2,376.00');

    const confirm = screen.getByTestId('preview-confirm');
    await user.dblClick(confirm);
    await user.click(confirm);
    expect(await screen.findByTestId('result-pnr')).toHaveTextContent('K7Q2M9X4PA');
    expect(sells).toBe(1);
    const sent = requests.find((r) => r.url === '/api/reservation/createReservation');
    expect(JSON.parse(String(sent?.data))).toMatchObject({ kind: 'SELL', seats: ['A1', 'A2'], couponCode: 'PCT10', passenger: { phone: '01711000000', name: 'Rahim Uddin' } });
    expect(sent?.headers.get('idempotency-key')).toBeTruthy();
  });
});
