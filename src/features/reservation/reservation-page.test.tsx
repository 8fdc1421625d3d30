import type { Permission } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Handler, type Reply } from '../../test/fake-http';
import { fieldValue } from '../../test/fields';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast, toastTexts } from '../../test/toasts';
import { draft } from './state/draft-store';
import { soldReservation } from '../../test/reservation-fixture';
import { quoteHandler } from './test-support/fare-quote';
import { cities, details, trip } from './test-support/trip-fixtures';
import { nowMs } from '../../lib/format/company-time';
import { applyTrip } from '../../lib/live/live-cache';
import { queryClient } from '../../lib/query-client';

const EVERYTHING: Permission[] = [
  'AGENT_CREATE_RESERVATION',
  'AGENT_CREATE_BOOKING',
  'AGENT_SELL_OPEN_TICKET',
  'AGENT_MIGRATE_TRIP',
  'AGENT_VIEW_PASSENGER',
];

function signedIn(permissions: Permission[], routes: Record<string, Reply | Handler> = {}) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(permissions) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/lookup/agentCity/1': { status: 200, data: cities },
    'GET /api/lookup/agentRoute/1': { status: 200, data: [] },
    'GET /api/lookup/coachTypes/1': { status: 200, data: [{ id: 1, name: 'AC Business' }] },
    'GET /api/lookup/country': {
      status: 200,
      data: [
        { id: 2, code: 'IN', name: 'India', dialCode: '+91' },
        { id: 1, code: 'BD', name: 'Bangladesh', dialCode: '+880' },
      ],
    },
    'POST /api/lookup/busStation': { status: 200, data: [] },
    'POST /api/trip/searchByRoute': { status: 200, data: [trip] },
    'POST /api/trip/searchByCode': { status: 200, data: [trip] },
    'POST /api/trip/details': { status: 200, data: details },
    'POST /api/passenger/list': { status: 200, data: [] },
    'POST /api/passenger/find': { status: 200, data: null },
    'POST /api/reservation/quote': quoteHandler(),
    'POST /api/reservation/seatLock': (request) => {
      const body = JSON.parse(String(request.data)) as { lock: string[] };
      return { status: 200, data: { seats: body.lock, expiresAt: new Date(nowMs() + 300_000).toISOString() } };
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
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Origin and destination must be different')).toBeInTheDocument();
    expect(requests.some((r) => r.url?.startsWith('/api/trip/search'))).toBe(false);
  });

  it('re-reads the trip list quietly when the live stream says a trip changed: no spinner on the list or Search', async () => {
    let searches = 0;
    let answer: (reply: Reply) => void = () => {};
    const { user } = await openScreen(EVERYTHING, {
      'POST /api/trip/searchByCode': () => {
        searches += 1;
        if (searches === 1) return { status: 200, data: [trip] };
        return new Promise<Reply>((resolve) => (answer = resolve));
      },
    });
    await fill(user, screen.getByLabelText('Coach code'), 'P-102');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Trips' });
    await within(table).findByRole('button', { name: 'Pick' });
    // Another counter sold a seat of a listed trip: the list reads its free-seat counts again (after at most 500 ms).
    applyTrip(queryClient, { tripId: trip.tripId, version: 2, seats: [] });
    await waitFor(() => expect(searches).toBe(2), { timeout: 5_000 });
    // The query's fetching state reaches the screen a moment after the request leaves.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('button', { name: /Search/ })).not.toHaveClass('ant-btn-loading');
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    answer({ status: 200, data: [{ ...trip, availableSeats: 2 }] });
    expect(await within(table).findByText('2 of 4 free')).toBeInTheDocument();
  });

  it('shows only the actions the agent holds a permission for', async () => {
    await openScreen(['AGENT_CREATE_BOOKING']);
    const bar = screen.getByRole('toolbar', { name: 'Reservation actions' });
    expect(within(bar).getByRole('button', { name: /Book/ })).toBeInTheDocument();
    for (const hidden of [/^Sell/, /Open ticket/, /^Migrate/])
      expect(within(bar).queryByRole('button', { name: hidden })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Passengers' })).toBeNull();
  });

  it("sells once from the server's quote with the coupon discount, however often Confirm is pressed", async () => {
    let sells = 0;
    let answerQuote = () => {};
    const quoted = new Promise<void>((resolve) => (answerQuote = resolve));
    const { user, requests } = await openScreen(EVERYTHING, {
      'POST /api/reservation/checkDiscountCoupon': {
        status: 200,
        data: {
          couponCode: 'PCT10',
          type: 'PERCENT',
          value: 10,
          validUntil: '2027-01-01T00:00:00.000Z',
          remainingUses: 1,
        },
      },
      'POST /api/reservation/quote': quoteHandler(quoted),
      'POST /api/reservation/createReservation': async () => {
        sells += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { status: 200, data: soldReservation({ seats: [], totalFare: 2376 }) };
      },
    });
    await pickTwoSeats(user);
    await fill(user, screen.getByPlaceholderText('Coupon code'), 'pct10');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('PCT10: 10% off')).toBeInTheDocument();

    await user.keyboard('{F9}');
    const preview = await screen.findByRole('dialog', { name: 'Confirm sale' });
    // Nothing is offered before the server has priced it.
    expect(within(preview).getByRole('alert')).toHaveTextContent('Working out the fare…');
    expect(within(preview).queryByRole('cell', { name: 'Total' })).toBeNull();
    const confirm = screen.getByRole('button', { name: 'Confirm and sell' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(sells).toBe(0);
    answerQuote();

    // 10% of 1,320.00 per seat: 132.00 twice, as the server quoted it.
    await waitFor(() => expect(fieldValue(preview, 'Total')).toHaveTextContent('৳ 2,376.00'));
    expect(fieldValue(preview, 'Discount (PCT10)')).toHaveTextContent('৳ 264.00');
    expect(fieldValue(preview, 'Charged to your account')).toHaveTextContent('৳ 2,376.00');
    expect(within(preview).getByText('Charged to your account')).toBeInTheDocument();
    const asked = requests
      .filter((r) => r.url === '/api/reservation/quote')
      .map((r) => JSON.parse(String(r.data)) as unknown);
    expect(asked).toEqual([
      {
        companyId: 1,
        kind: 'SELL',
        tripId: 501,
        originStationId: 11,
        destinationStationId: 21,
        seats: ['A1', 'A2'],
        couponCode: 'PCT10',
        phone: '01711000000',
      },
    ]);
    await waitFor(() => expect(confirm).toBeEnabled());
    // The confirm button takes the focus once it can be pressed: Enter sells.
    await waitFor(() => expect(confirm).toHaveFocus());

    await user.dblClick(confirm);
    await user.click(confirm);
    expect(fieldValue(await screen.findByRole('region', { name: 'Ticket sold' }), 'PNR')).toHaveTextContent(
      'K7Q2M9X4PA',
    );
    expect(sells).toBe(1);
    const sent = requests.find((r) => r.url === '/api/reservation/createReservation');
    expect(JSON.parse(String(sent?.data))).toMatchObject({
      kind: 'SELL',
      seats: ['A1', 'A2'],
      couponCode: 'PCT10',
      passenger: { phone: '01711000000', name: 'Rahim Uddin' },
    });
    expect(sent?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('offers no sale when the server refuses the quote, says why in one toast, and lets the agent go back', async () => {
    let sells = 0;
    const { user } = await openScreen(EVERYTHING, {
      'POST /api/reservation/quote': { status: 422, data: { reason: 'TRIP_NOT_ALLOWED' } },
      'POST /api/reservation/createReservation': () => {
        sells += 1;
        return { status: 200, data: soldReservation() };
      },
    });
    await pickTwoSeats(user);
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Reservation actions' })).getByRole('button', { name: /^Sell/ }),
    );
    const preview = await screen.findByRole('dialog', { name: 'Confirm sale' });
    const error = await within(preview).findByRole('alert');
    expect(error).toHaveTextContent('The fare could not be worked out, so this sale is not offered.');
    expect(error).toHaveTextContent('Go back to change the seats, the coupon or the passenger');
    // The reason is the toast, once; the preview does not repeat it.
    await findOneToast('You may not sell this trip');
    expect(error).not.toHaveTextContent('You may not sell this trip');
    expect(within(preview).queryByRole('cell', { name: 'Total' })).toBeNull();
    expect(within(preview).queryByRole('cell', { name: 'Charged to your account' })).toBeNull();
    // The seats are still named, so the agent knows what was refused.
    expect(preview).toHaveTextContent('A1, A2');
    const confirm = screen.getByRole('button', { name: 'Confirm and sell' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // Closed (antd keeps the closing dialog in the document, hidden).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm sale' })).toBeNull());
    expect(sells).toBe(0);
    // The seats stay chosen: the agent can fix and try again.
    expect(screen.getByText(/^2 seats · total/)).toBeInTheDocument();
  });

  it('toasts a coupon the server refuses once, with nothing under the field; a missing code stays under it', async () => {
    const { user, requests } = await openScreen(EVERYTHING, {
      'POST /api/reservation/checkDiscountCoupon': { status: 422, data: { reason: 'DISCOUNT_COUPON_LIMIT_EXCEEDED' } },
    });
    await pickTwoSeats(user);
    const couponItem = screen.getByPlaceholderText('Coupon code').closest('.ant-form-item')!;
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(couponItem).toHaveTextContent('Enter a coupon code');
    expect(requests.some((r) => r.url === '/api/reservation/checkDiscountCoupon')).toBe(false);
    expect(toastTexts()).toEqual([]);

    await fill(user, screen.getByPlaceholderText('Coupon code'), 'used1');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await findOneToast('This discount coupon is already used');
    expect(couponItem).not.toHaveTextContent('already used');
    expect(couponItem).not.toHaveTextContent('Enter a coupon code');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('toasts a refused sale once and keeps the preview open without a copy of the reason', async () => {
    const { user } = await openScreen(EVERYTHING, {
      'POST /api/reservation/createReservation': {
        status: 409,
        data: { reason: 'SEAT_UNAVAILABLE', details: { seats: ['A2'] } },
      },
    });
    await pickTwoSeats(user);
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Reservation actions' })).getByRole('button', { name: /^Sell/ }),
    );
    const preview = await screen.findByRole('dialog', { name: 'Confirm sale' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and sell' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirm and sell' }));
    await findOneToast('These seats are NOT available: A2');
    expect(preview).not.toHaveTextContent('NOT available');
    expect(screen.getByRole('dialog', { name: 'Confirm sale' })).toBeInTheDocument();
  });

  it('a booking shows the quoted total and no account charge', async () => {
    const { user, requests } = await openScreen(EVERYTHING);
    await pickTwoSeats(user);
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Reservation actions' })).getByRole('button', { name: /^Book/ }),
    );
    const preview = await screen.findByRole('dialog', { name: 'Confirm booking' });
    await waitFor(() => expect(fieldValue(preview, 'Total')).toHaveTextContent('৳ 2,640.00'));
    expect(within(preview).queryByRole('cell', { name: 'Charged to your account' })).toBeNull();
    expect(preview).toHaveTextContent('A booking is not charged now');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and book' })).toBeEnabled());
    const asked = requests
      .filter((r) => r.url === '/api/reservation/quote')
      .map((r) => JSON.parse(String(r.data)) as unknown);
    expect(asked).toEqual([
      {
        companyId: 1,
        kind: 'BOOK',
        tripId: 501,
        originStationId: 11,
        destinationStationId: 21,
        seats: ['A1', 'A2'],
        phone: '01711000000',
      },
    ]);
  });
});

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Searches the fixture trip, takes A1 and A2, and fills the passenger. */
async function pickTwoSeats(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText('Coach code'), 'P-102');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(
    await within(await screen.findByRole('table', { name: 'Trips' })).findByRole('button', { name: 'Pick' }),
  );
  await user.click(await screen.findByRole('button', { name: /^Seat A1,/ }));
  await user.click(await screen.findByRole('button', { name: /^Seat A2,/ }));
  await screen.findByText(/^2 seats · total/);
  await fill(user, screen.getByLabelText('Phone'), '01711000000');
  await fill(user, screen.getByLabelText('Name'), 'Rahim Uddin');
}
