/** Steps the reports e2e spec needs: tickets sold through the real HTTP API, with the trip they are on. */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO } from './support/session';
import { localDate } from './support/clock';

const PHONE = '+8801711889900';

/** The company's local date `days` from the e2e server's today. */
export const dhakaDate = localDate;

async function api<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: body,
  });
  const json: unknown = await response.json();
  expect(response.ok(), `${method} ${path}: ${JSON.stringify(json)}`).toBe(true);
  return json as T;
}

type Trip = {
  tripId: number;
  availableSeats: number;
  origin: { stationId: number };
  destination: { stationId: number };
};
export interface SoldTicket {
  pnr: string;
  tripId: number;
  tripDate: string;
  totalFare: number;
}

/**
 * Sells one free seat of a PADMA Dhaka -> Chattogram trip as the demo agent,
 * on the first of the given days ahead with a free seat.
 */
export async function sellTicketOn(request: APIRequestContext, daysAhead: readonly number[]): Promise<SoldTicket> {
  const { token } = await api<{ token: string }>(request, null, 'POST', '/api/login', DEMO.agent);
  const companies = await api<{ id: number; code: string }[]>(request, token, 'GET', '/api/lookup/company');
  const companyId = companies.find((c) => c.code === 'PADMA')!.id;
  const cities = await api<{ id: number; name: string }[]>(request, token, 'GET', '/api/lookup/city');
  const cityId = (name: string) => cities.find((c) => c.name === name)!.id;
  const auth = { Authorization: `Bearer ${token}` };
  for (const days of daysAhead) {
    const tripDate = dhakaDate(days);
    const trips = await api<Trip[]>(request, token, 'POST', '/api/trip/searchByRoute', {
      companyId,
      tripDate,
      originCityId: cityId('Dhaka'),
      destinationCityId: cityId('Chattogram'),
    });
    for (const trip of trips.filter((t) => t.availableSeats > 0)) {
      const segment = {
        tripId: trip.tripId,
        originStationId: trip.origin.stationId,
        destinationStationId: trip.destination.stationId,
      };
      type Cell = { seat?: { name: string; status: number; lockedBy: string | null } };
      const details = await api<{ decks: { cells: Cell[] }[] }>(request, token, 'POST', '/api/trip/details', segment);
      const seat = details.decks.flatMap((d) => d.cells).find((c) => c.seat && c.seat.status === 0 && !c.seat.lockedBy)
        ?.seat?.name;
      if (!seat) continue;
      if (
        !(await request.post('/api/reservation/seatLock', { headers: auth, data: { ...segment, lock: [seat] } })).ok()
      )
        continue;
      const created = await request.post('/api/reservation/createReservation', {
        headers: auth,
        data: {
          companyId,
          kind: 'SELL',
          ...segment,
          seats: [seat],
          passenger: { phone: PHONE, name: 'Report Passenger', countryCode: 'BD' },
        },
      });
      if (!created.ok()) continue;
      const sold = (await created.json()) as { pnr: string; totalFare: number };
      return { pnr: sold.pnr, totalFare: sold.totalFare, tripId: trip.tripId, tripDate };
    }
  }
  throw new Error(`no trip with a free seat ${daysAhead.join('/')} days ahead`);
}
