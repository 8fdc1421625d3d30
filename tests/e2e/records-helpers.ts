/** Steps the records e2e specs share: a ticket sold through the real HTTP API. */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO } from './support/session';
import { localDate } from './support/clock';

const PHONE = '+8801711556677';

const dhakaDate = localDate;

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
  coachType: string;
  availableSeats: number;
  origin: { stationId: number };
  destination: { stationId: number };
};

/** Sells one free seat of a PADMA Dhaka -> Chattogram trip a few days ahead as the demo agent. */
export async function sellTicket(request: APIRequestContext): Promise<{ pnr: string; pin: string; totalFare: number }> {
  const { token } = await api<{ token: string }>(request, null, 'POST', '/api/login', DEMO.agent);
  const companies = await api<{ id: number; code: string }[]>(request, token, 'GET', '/api/lookup/company');
  const companyId = companies.find((c) => c.code === 'PADMA')!.id;
  const cities = await api<{ id: number; name: string }[]>(request, token, 'GET', '/api/lookup/city');
  const cityId = (name: string) => cities.find((c) => c.name === name)!.id;
  for (const days of [4, 5, 6, 7]) {
    const trips = await api<Trip[]>(request, token, 'POST', '/api/trip/searchByRoute', {
      companyId,
      tripDate: dhakaDate(days),
      originCityId: cityId('Dhaka'),
      destinationCityId: cityId('Chattogram'),
    });
    const candidates = trips
      .filter((t) => t.availableSeats > 0)
      .sort((a, b) => Number(b.coachType === 'AC Business') - Number(a.coachType === 'AC Business'));
    for (const trip of candidates) {
      const segment = {
        tripId: trip.tripId,
        originStationId: trip.origin.stationId,
        destinationStationId: trip.destination.stationId,
      };
      type Cell = { seat?: { name: string; status: number; lockedBy: string | null } };
      const details = await api<{ decks: { cells: Cell[] }[] }>(request, token, 'POST', '/api/trip/details', segment);
      const free = details.decks
        .flatMap((d) => d.cells)
        .flatMap((c) => (c.seat && c.seat.status === 0 && !c.seat.lockedBy ? [c.seat.name] : []));
      const seats = free.slice(0, 1);
      if (seats.length === 0) continue;
      const auth = { Authorization: `Bearer ${token}` };
      if (!(await request.post('/api/reservation/seatLock', { headers: auth, data: { ...segment, lock: seats } })).ok())
        continue;
      const created = await request.post('/api/reservation/createReservation', {
        headers: auth,
        data: {
          companyId,
          kind: 'SELL',
          ...segment,
          seats,
          passenger: { phone: PHONE, name: 'Records Passenger', countryCode: 'BD' },
        },
      });
      if (!created.ok()) continue;
      return (await created.json()) as { pnr: string; pin: string; totalFare: number };
    }
  }
  throw new Error('no trip with a free seat in the next week');
}
