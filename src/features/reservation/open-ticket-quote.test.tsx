/**
 * The open-ticket preview shows the server's quote (fare, discount, total,
 * charge) before anything is charged, and offers no sale when the quote fails.
 */
import type { Permission } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { fieldValue } from '../../test/fields';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast } from '../../test/toasts';
import { soldReservation } from '../../test/reservation-fixture';
import { draft } from './state/draft-store';
import { cities } from './test-support/trip-fixtures';

const PERMISSIONS: Permission[] = ['AGENT_CREATE_RESERVATION', 'AGENT_SELL_OPEN_TICKET'];
const ROUTE = {
  id: 7,
  code: 'DHK-CTG',
  name: 'Dhaka - Chattogram',
  companyId: 1,
  stations: [
    { stationId: 11, name: 'Sayedabad', cityId: 1, cityName: 'Dhaka' },
    { stationId: 13, name: 'Dampara', cityId: 3, cityName: 'Chattogram' },
  ],
};

function quoteOf(body: { seatCount: number; couponCode?: string }) {
  const discount = body.couponCode ? 72 : 0;
  const seats = Array.from({ length: body.seatCount }, () => ({
    name: 'OPEN',
    seatType: 'Business',
    fare: 720,
    discount,
    net: 720 - discount,
  }));
  const fare = 720 * body.seatCount;
  return {
    seats,
    fare,
    discount: discount * body.seatCount,
    total: fare - discount * body.seatCount,
    charge: fare - discount * body.seatCount,
    commission: 0,
    coupon: null,
  };
}

async function openScreen() {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  let sold = 0;
  const http = fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(PERMISSIONS) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/lookup/agentCity/1': { status: 200, data: cities },
    'GET /api/lookup/agentRoute/1': { status: 200, data: [ROUTE] },
    'GET /api/lookup/coachTypes/1': { status: 200, data: [{ id: 1, name: 'AC Business' }] },
    'GET /api/lookup/country': { status: 200, data: [{ id: 1, code: 'BD', name: 'Bangladesh', dialCode: '+880' }] },
    'POST /api/lookup/busStation': { status: 200, data: [] },
    'POST /api/passenger/find': { status: 200, data: null },
    'POST /api/reservation/quote': (request) => {
      const body = JSON.parse(String(request.data)) as { seatCount: number; couponCode?: string };
      if (body.couponCode === 'USED') return { status: 422, data: { reason: 'DISCOUNT_COUPON_LIMIT_EXCEEDED' } };
      return { status: 200, data: quoteOf(body) };
    },
    'POST /api/reservation/createReservation': () => {
      sold += 1;
      return { status: 200, data: soldReservation({ seats: [], totalFare: 1296 }) };
    },
  });
  const user = userEvent.setup({ delay: null });
  await renderApp('/reservation');
  await screen.findByRole('heading', { name: 'Reservation' });
  return { user, requests: http.requests, sold: () => sold };
}

async function describeTicket(user: ReturnType<typeof userEvent.setup>, couponCode: string) {
  await user.click(screen.getByLabelText('Phone'));
  await user.paste('01711000000');
  await user.click(screen.getByLabelText('Name'));
  await user.paste('Rahim Uddin');
  await user.click(
    within(screen.getByRole('toolbar', { name: 'Reservation actions' })).getByRole('button', { name: /Open ticket/ }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Open ticket' });
  const choose = async (label: string, text: string) => {
    const box = within(dialog).getByRole('combobox', { name: label });
    // A stop's select is enabled by the choice before it, one render later: a click on it while disabled opens nothing.
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    const options = await screen.findAllByTitle(text);
    await user.click(options[options.length - 1]!);
  };
  await choose('Route', ROUTE.name);
  await choose('From', 'Sayedabad (Dhaka)');
  await choose('To', 'Dampara (Chattogram)');
  await choose('Seat type', 'Business');
  const seats = within(dialog).getByRole('spinbutton', { name: 'Number of seats' });
  await user.clear(seats);
  await user.type(seats, '2');
  // The fare is quoted as soon as the ticket is fully described.
  await within(dialog).findByText('Fare 2 × ৳ 720.00 = ৳ 1,440.00');
  await user.click(within(dialog).getByLabelText('Discount coupon (optional)'));
  await user.paste(couponCode);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Confirm open ticket' });
}

afterEach(() => {
  resetApp();
  draft.reset();
});

describe('open ticket preview', { timeout: 120_000 }, () => {
  it("shows the server's fare, discount, total and charge, then sells what it showed", async () => {
    const { user, requests, sold } = await openScreen();
    const preview = await describeTicket(user, 'pct10');
    await waitFor(() => expect(fieldValue(preview, 'Total')).toHaveTextContent('৳ 1,296.00'));
    expect(fieldValue(preview, 'Discount (pct10)')).toHaveTextContent('৳ 144.00');
    expect(fieldValue(preview, 'Charged to your account')).toHaveTextContent('৳ 1,296.00');
    const asked = requests
      .filter((r) => r.url === '/api/reservation/quote')
      .map((r) => JSON.parse(String(r.data)) as Record<string, unknown>);
    expect(asked.at(-1)).toEqual({
      companyId: 1,
      kind: 'OPEN',
      routeId: 7,
      originStationId: 11,
      destinationStationId: 13,
      seatType: 'Business',
      seatCount: 2,
      couponCode: 'pct10',
      phone: '01711000000',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and sell' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirm and sell' }));
    await screen.findByRole('region', { name: /sold$/ });
    expect(sold()).toBe(1);
    const sent = requests.find((r) => r.url === '/api/reservation/createReservation');
    expect(JSON.parse(String(sent?.data))).toMatchObject({
      kind: 'OPEN',
      routeId: 7,
      seatType: 'Business',
      seatCount: 2,
      couponCode: 'pct10',
    });
  });

  it('offers no sale when the quote is refused, and says why', async () => {
    const { user, sold } = await openScreen();
    const preview = await describeTicket(user, 'USED');
    const error = (await within(preview).findAllByRole('alert')).find((alert) =>
      alert.textContent?.includes('could not be worked out'),
    );
    expect(error).toHaveTextContent('The fare could not be worked out, so this sale is not offered.');
    // The reason is one toast; the preview does not repeat it.
    await findOneToast('This discount coupon is already used');
    expect(error).not.toHaveTextContent('This discount coupon is already used');
    expect(within(preview).queryByRole('cell', { name: 'Total' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm and sell' })).toBeDisabled();
    expect(sold()).toBe(0);
  });
});
