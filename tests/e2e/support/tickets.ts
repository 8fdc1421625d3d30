/**
 * Tickets made through the real HTTP API as the demo agent (sign in, find a
 * trip with free seats, lock them, create), so no spec depends on seeded
 * reservations or hard-coded seats.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { localDate } from './clock';
import { DEMO } from './session';

/** One call of the API; a refusal fails the test with the server's answer. */
export async function api<T>(
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

export type ApiTrip = {
  tripId: number;
  routeName: string;
  coachType: string;
  availableSeats: number;
  origin: { stationId: number; time: string };
  destination: { stationId: number };
};

export interface TicketQuery {
  kind: 'SELL' | 'BOOK';
  count: number;
  /** Trip dates to try, in days from the e2e server's today, in this order. */
  days: readonly number[];
  company?: 'PADMA' | 'MEGHNA';
  from?: string;
  to?: string;
  /** Which trips will do (default: any). */
  accept?: (trip: ApiTrip) => boolean;
  passenger: { name: string; phone: string };
}

export interface ApiTicket {
  pnr: string;
  pin: string;
  seats: { name: string; fare: number; discount: number }[];
  totalFare: number;
  tripId: number;
  /** The trip's local date (yyyy-MM-dd). */
  tripDate: string;
}

/**
 * Sells or books `count` free seats on a trip the demo agent may sell
 * (default PADMA Dhaka -> Chattogram), on the first of `days` that has one,
 * preferring AC Business coaches, which have no per-agent seat limit; null
 * when none will do.
 */
export async function findTicket(request: APIRequestContext, q: TicketQuery): Promise<ApiTicket | null> {
  const { token } = await api<{ token: string }>(request, null, 'POST', '/api/login', DEMO.agent);
  const companies = await api<{ id: number; code: string }[]>(request, token, 'GET', '/api/lookup/company');
  const companyId = companies.find((c) => c.code === (q.company ?? 'PADMA'))!.id;
  const cities = await api<{ id: number; name: string }[]>(request, token, 'GET', '/api/lookup/city');
  const cityId = (name: string) => cities.find((c) => c.name === name)!.id;
  const auth = { Authorization: `Bearer ${token}` };
  for (const days of q.days) {
    const tripDate = localDate(days);
    const trips = await api<ApiTrip[]>(request, token, 'POST', '/api/trip/searchByRoute', {
      companyId,
      tripDate,
      originCityId: cityId(q.from ?? 'Dhaka'),
      destinationCityId: cityId(q.to ?? 'Chattogram'),
    });
    const candidates = trips
      .filter((t) => t.availableSeats >= q.count && (q.accept?.(t) ?? true))
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
      if (free.length < q.count) continue;
      const seats = free.slice(0, q.count);
      // A barred coach, a seat limit or a closed trip refuses: try the next trip.
      if (!(await request.post('/api/reservation/seatLock', { headers: auth, data: { ...segment, lock: seats } })).ok())
        continue;
      const created = await request.post('/api/reservation/createReservation', {
        headers: auth,
        data: {
          companyId,
          kind: q.kind,
          ...segment,
          seats,
          passenger: { ...q.passenger, countryCode: 'BD' },
        },
      });
      if (!created.ok()) continue;
      const r = (await created.json()) as Omit<ApiTicket, 'tripId' | 'tripDate'>;
      return { pnr: r.pnr, pin: r.pin, seats: r.seats, totalFare: r.totalFare, tripId: trip.tripId, tripDate };
    }
  }
  return null;
}

/** findTicket, failing the test when no trip of `days` will do. */
export async function makeTicket(request: APIRequestContext, q: TicketQuery): Promise<ApiTicket> {
  const ticket = await findTicket(request, q);
  if (!ticket) throw new Error(`no trip ${q.days.join('/')} days ahead with ${q.count} free seat(s)`);
  return ticket;
}
