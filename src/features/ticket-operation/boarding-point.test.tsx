import { TICKET_OPERATION_PERMISSIONS, type Permission, type Profile, type Reservation } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { nowMs } from '../../lib/format/company-time';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Handler, type Reply } from '../../test/fake-http';
import { fieldValue } from '../../test/fields';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast } from '../../test/toasts';
import { laterBoardingPoints, type BoardingPoint } from './boarding-points';
import { booked, sold } from './test-support/reservations';

const EVERY: Permission[] = [...TICKET_OPERATION_PERMISSIONS];
const CHANGE = 'POST /api/reservation/changeBoardingPoint';
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(nowMs() + hours * HOUR).toISOString();

/**
 * The trip of sold(): Sayedabad (boarding, in 72 h), Cumilla Bypass (2 h later), then Dampara (the destination, not a
 * boarding point).
 */
function stops(): BoardingPoint[] {
  return [
    { stationId: 11, name: 'Sayedabad', nameBn: 'সায়েদাবাদ', time: inHours(72) },
    { stationId: 15, name: 'Cumilla Bypass', nameBn: 'কুমিল্লা বাইপাস', time: inHours(74) },
  ];
}

function server(
  permissions: Permission[],
  reservation: Reservation,
  routes: Record<string, Handler | Reply> = {},
  profile: Partial<Profile> = {},
) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(permissions, profile) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'GET /api/reservation/recent/1/10': { status: 200, data: [] },
    'POST /api/reservation/byPnrAndPin': { status: 200, data: reservation },
    'POST /api/reservation/history': { status: 200, data: [] },
    'POST /api/reservation/boardingListByPnr': { status: 200, data: stops() },
    ...routes,
  });
}

const bodyOf = (request: InternalAxiosRequestConfig | undefined): Record<string, unknown> =>
  JSON.parse(String(request?.data)) as Record<string, unknown>;

async function lookUp(language: 'en' | 'bn' = 'en') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(language === 'bn' ? 'পিএনআর' : 'PNR'), 'K7Q2M9X4PA');
  await user.type(screen.getByLabelText(language === 'bn' ? 'পিন' : 'PIN'), '123456{Enter}');
  await screen.findByRole('region', { name: language === 'bn' ? 'রিজার্ভেশন' : 'Reservation' });
  return user;
}

afterEach(() => resetApp());

describe('laterBoardingPoints', () => {
  it('answers the stops after the current one and before the destination', () => {
    const list = [...stops(), { stationId: 17, name: 'Feni', nameBn: 'ফেনী', time: inHours(75) }];
    const r = sold();
    expect(laterBoardingPoints(list, r).map((s) => s.stationId)).toEqual([15, 17]);
    expect(
      laterBoardingPoints(list, { ...r, destination: { ...r.destination, stationId: 17 } }).map((s) => s.stationId),
    ).toEqual([15]);
    expect(laterBoardingPoints(list, { ...r, origin: { ...r.origin, stationId: 17 } })).toEqual([]);
    expect(laterBoardingPoints(undefined, r)).toEqual([]);
    // A stop the agent may not sell from (the profile's barred origins) is not offered.
    expect(laterBoardingPoints(list, r, [15]).map((s) => s.stationId)).toEqual([17]);
  });
});

describe("a ticket's boarding point", { timeout: 60_000 }, () => {
  it('shows the boarding point from the boarding list with its time in the company zone (the trip date beside it), in Bengali too', async () => {
    const { requests } = server(EVERY, sold());
    await renderApp('/ticket-operation', 'bn');
    await lookUp('bn');
    const panel = await screen.findByRole('region', { name: 'রিজার্ভেশন' });
    await waitFor(() =>
      expect(fieldValue(panel, 'বোর্ডিং স্থান ও সময়')).toHaveTextContent(
        `সায়েদাবাদ, ${formatDate(inHours(72), 'time', 'bn')}`,
      ),
    );
    expect(bodyOf(requests.find((r) => r.url === '/api/reservation/boardingListByPnr'))).toEqual({ pnr: 'K7Q2M9X4PA' });
    expect(screen.getByRole('button', { name: /বোর্ডিং পয়েন্ট পরিবর্তন/ })).toBeInTheDocument();
  });

  it('moves it to a later stop: the dialog lists the current stop and the later ones with their times, the change is sent once with an Idempotency-Key, then a toast, the new ticket and its history', async () => {
    const moved = sold({
      origin: { stationId: 15, name: 'Cumilla Bypass', nameBn: 'কুমিল্লা বাইপাস', cityName: 'Cumilla' },
      boardingTime: inHours(74),
    });
    let historyCalls = 0;
    let changed = false;
    const { requests } = server(['AGENT_CANCEL_RESERVATION'], sold(), {
      // The server as it is after the change: the reload after it shows the moved ticket.
      'POST /api/reservation/byPnrAndPin': () => ({ status: 200, data: changed ? moved : sold() }),
      [CHANGE]: () => {
        changed = true;
        return { status: 200, data: moved };
      },
      'POST /api/reservation/history': () => {
        historyCalls += 1;
        return {
          status: 200,
          data:
            historyCalls > 1
              ? [
                  {
                    time: inHours(0),
                    action: 'BOARDING_CHANGED',
                    user: 'agent',
                    outlet: 'Motijheel Counter',
                    amount: null,
                    remarks: 'Sayedabad → Cumilla Bypass',
                  },
                ]
              : [],
        };
      },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(await screen.findByRole('button', { name: /Change boarding point/ }));
    const dialog = await screen.findByRole('dialog');
    expect(fieldValue(dialog, 'Current boarding point')).toHaveTextContent(
      `Sayedabad · ${formatDate(inHours(72), 'dateTime')}`,
    );
    const ok = within(dialog).getByRole('button', { name: 'Change boarding point' });
    expect(ok).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'New boarding point' }));
    const current = await screen.findAllByTitle(`Sayedabad · ${formatDate(inHours(72), 'dateTime')} (current)`);
    expect(current[current.length - 1]).toHaveClass('ant-select-item-option-disabled');
    const later = await screen.findAllByTitle(`Cumilla Bypass · ${formatDate(inHours(74), 'dateTime')}`);
    await user.click(later[later.length - 1]!);
    await user.click(ok);

    await findOneToast('Boarding point changed to Cumilla Bypass');
    const sent = requests.filter((r) => r.url === '/api/reservation/changeBoardingPoint');
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0])).toEqual({ pnr: 'K7Q2M9X4PA', pin: '123456', stationId: 15 });
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        fieldValue(screen.getByRole('region', { name: 'Reservation' }), 'Boarding point and time'),
      ).toHaveTextContent(`Cumilla Bypass, ${formatDate(inHours(74), 'time')}`),
    );
    const history = screen.getByRole('table', { name: 'History' });
    expect(await within(history).findByText('Boarding point changed')).toBeInTheDocument();
    // Now at the last stop before the destination: nothing later to move to.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Change boarding point/ })).not.toBeInTheDocument(),
    );
  });

  it('toasts a refusal once and keeps the dialog open', async () => {
    server(EVERY, sold(), {
      [CHANGE]: { status: 422, data: { reason: 'BOARDING_POINT_NOT_ALLOWED', details: { rule: 'SAME_STOP' } } },
    });
    await renderApp('/ticket-operation');
    const user = await lookUp();
    await user.click(await screen.findByRole('button', { name: /Change boarding point/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'New boarding point' }));
    const later = await screen.findAllByTitle(`Cumilla Bypass · ${formatDate(inHours(74), 'dateTime')}`);
    await user.click(later[later.length - 1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Change boarding point' }));
    await findOneToast('The boarding point can only move to a later stop of the trip, before the destination');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is offered only for a sold or booked ticket, with the permission that cancels it, before the coach leaves, with a later stop', async () => {
    const cases: {
      name: string;
      permissions: Permission[];
      reservation: Reservation;
      list?: BoardingPoint[];
      profile?: Partial<Profile>;
      offered: boolean;
    }[] = [
      {
        name: 'booking, cancel-booking permission',
        permissions: ['AGENT_CANCEL_BOOKING'],
        reservation: booked(),
        offered: true,
      },
      {
        name: 'sold, only the booking permission',
        permissions: ['AGENT_CANCEL_BOOKING', 'AGENT_CONFIRM_BOOKING'],
        reservation: sold(),
        offered: false,
      },
      {
        name: 'booking, only the sold permission',
        permissions: ['AGENT_CANCEL_RESERVATION'],
        reservation: booked(),
        offered: false,
      },
      { name: 'cancelled', permissions: EVERY, reservation: sold({ status: 5, allowedActions: [] }), offered: false },
      {
        name: 'admin booked',
        permissions: EVERY,
        reservation: sold({ status: 3, allowedActions: [4, 8] }),
        offered: false,
      },
      {
        name: 'departed',
        permissions: EVERY,
        reservation: sold({ boardingTime: inHours(-1) }),
        list: [{ ...stops()[0]!, time: inHours(-1) }, stops()[1]!],
        offered: false,
      },
      { name: 'no later stop', permissions: EVERY, reservation: sold(), list: [stops()[0]!], offered: false },
      {
        name: 'the only later stop barred for the agent',
        permissions: EVERY,
        reservation: sold(),
        profile: { barredOrigins: [{ stationId: 15, stationName: 'Cumilla Bypass', cityName: 'Cumilla' }] },
        offered: false,
      },
    ];
    for (const c of cases) {
      const { requests } = server(
        c.permissions,
        c.reservation,
        c.list ? { 'POST /api/reservation/boardingListByPnr': { status: 200, data: c.list } } : {},
        c.profile,
      );
      await renderApp('/ticket-operation');
      await lookUp();
      await waitFor(() =>
        expect(
          fieldValue(screen.getByRole('region', { name: 'Reservation' }), 'Boarding point and time'),
        ).toHaveTextContent(`Sayedabad, ${formatDate(c.list?.[0]?.time ?? inHours(72), 'time')}`),
      );
      // The list has come back before the button is judged.
      await waitFor(() => expect(requests.some((r) => r.url === '/api/reservation/boardingListByPnr')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const button = screen.queryByRole('button', { name: /Change boarding point/ });
      if (c.offered) expect(button, c.name).toBeInTheDocument();
      else expect(button, c.name).not.toBeInTheDocument();
      resetApp();
    }
  });
});
