/**
 * The real server the model explores: one app per engine and run, two users of one agent, and for each sequence two
 * trips of one route, cleared of what earlier sequences left (clearTrips). The database grows over the run (cheaper
 * than a fresh one per sequence); each sequence sets the clock back to the start.
 */
import { findTrip, makeUser, passenger, sellingContext, type Ctx, type TripRef } from '../selling/fixtures';

export const START = '2026-01-15T06:00:00.000Z';
/** The seller with every selling permission and AGENT_PRINT_TICKET. */
export const FULL = 0;
/** The seller with the same selling permissions but without AGENT_PRINT_TICKET: an original only, once. */
export const NO_PRINT = 1;

const SELLING = [
  'AGENT_CREATE_RESERVATION',
  'AGENT_CREATE_BOOKING',
  'AGENT_SELL_OPEN_TICKET',
  'AGENT_MIGRATE_TRIP',
  'AGENT_CONFIRM_BOOKING',
  'AGENT_CANCEL_RESERVATION',
  'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION',
  'AGENT_CANCEL_BOOKING',
  'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION',
  'AGENT_EXTEND_BOOKING_TIME',
  'AGENT_DEPOSIT_REQUEST',
];

/** A trip of the sequence: its stops' times (ms), stations and seat names (all free when the sequence begins). */
export interface ModelTrip extends TripRef {
  stopMs: number[];
  pool: string[];
}

export interface World {
  t: Ctx;
  tokens: string[];
  agentId: number;
  companyId: number;
  routeId: number;
  /** Percent of the agent's commission on the route, in hundredths (500 = 5 %). */
  commissionHundredths: number;
  /** Every seat name of a trip, by trip id (read once from the seat map). */
  seatNames: Map<number, string[]>;
  /** How many sequences began, to rotate the trips. */
  sequences: number;
  /** A unique deposit reference per request in the run. */
  deposits: number;
  /** A new passenger phone per sale: a coupon is once per phone and trip. */
  phones: number;
}

/**
 * The model runs on MEGHNA's DHK-CTG (three stops, intermediate sales allowed), the night coach (Standard seats) of
 * each day: at the start (06:00Z) the one of the seeding day leaves in 11 h 20 (the 50 % band for 5 h 20, then the
 * delayed-cancel window), the next day's in 35 h 20 (25 %), later ones from 59 h 20 (10 %).
 */
const COMPANY = 'MEGHNA';
const ROUTE = 'DHK-CTG';
const SLOT = 2;
export const OPEN_SEAT_TYPE = 'Standard';
/** Trip pairs (days after the seeding day): a near one and a far one. */
const PAIRS: [number, number][] = [
  [0, 2],
  [1, 3],
  [0, 4],
  [1, 5],
  [0, 6],
  [2, 7],
  [0, 8],
  [1, 9],
  [0, 10],
  [3, 11],
];

export async function openWorld(): Promise<World> {
  const t = await sellingContext({
    // Every sequence restarts the clock: per-minute limits would add up over the run.
    PNR_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  t.clock.set(START);
  const tokens = [
    await makeUser(t, 'model-full', [...SELLING, 'AGENT_PRINT_TICKET'], { agent: 'AG-1001', companies: [COMPANY] }),
    await makeUser(t, 'model-noprint', SELLING, { agent: 'AG-1001', companies: [COMPANY] }),
  ];
  // The agent's seat limit per coach would refuse sales the rule book allows; money is never what refuses.
  await t.db.deleteFrom('agent_coach_seat_limits').execute();
  const agent = await t.db.selectFrom('agents').select('id').where('code', '=', 'AG-1001').executeTakeFirstOrThrow();
  const company = await t.db.selectFrom('companies').select('id').where('code', '=', COMPANY).executeTakeFirstOrThrow();
  const route = await t.db
    .selectFrom('routes')
    .select('id')
    .where('code', '=', ROUTE)
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  const rule = await t.db
    .selectFrom('agent_route_commissions')
    .select(['commission_type', 'value_hundredths'])
    .where('agent_id', '=', agent.id)
    .where('route_id', '=', route.id)
    .executeTakeFirstOrThrow();
  if (rule.commission_type !== 'PERCENT') throw new Error('the model expects a percent commission');
  const account = await t.db
    .selectFrom('agent_accounts')
    .select('id')
    .where('agent_id', '=', agent.id)
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  await t.app.services.accounts.postAlone({
    accountId: account.id,
    entryType: 'CREDIT',
    amountMinor: 100_000_000_00,
    kind: 'TEST_DEPOSIT',
  });
  return {
    t,
    tokens,
    agentId: agent.id,
    companyId: company.id,
    routeId: route.id,
    commissionHundredths: rule.value_hundredths,
    seatNames: new Map(),
    sequences: 0,
    deposits: 0,
    phones: 0,
  };
}

async function modelTrip(w: World, day: number): Promise<ModelTrip> {
  const trip = await findTrip(w.t, { company: COMPANY, route: ROUTE, day, slot: SLOT });
  let names = w.seatNames.get(trip.tripId);
  if (!names) {
    const res = await w.t.call('POST', '/api/trip/details', {
      token: w.tokens[FULL],
      body: {
        tripId: trip.tripId,
        originStationId: trip.stations[0],
        destinationStationId: trip.stations[trip.stations.length - 1],
      },
    });
    if (res.status !== 200) throw new Error(`trip details: ${res.status} ${JSON.stringify(res.body)}`);
    names = (res.body.decks as { cells: { seat?: { name: string } }[] }[]).flatMap((d) =>
      d.cells.flatMap((c) => (c.seat ? [c.seat.name] : [])),
    );
    w.seatNames.set(trip.tripId, names);
  }
  return { ...trip, stopMs: trip.times.map((x) => new Date(x).getTime()), pool: names };
}

/**
 * What an earlier sequence left on these trips is put out of the way, behind the server's back: its reservations
 * cancelled with their seats, their commission marked paid (so unpaid commission still equals that of active sales),
 * and the seat locks dropped. Only earlier sequences' rows: the model never looks at them again, and the ledger is
 * untouched.
 */
async function clearTrips(w: World, tripIds: number[]): Promise<void> {
  const db = w.t.db;
  const left = await db
    .selectFrom('reservations')
    .select('id')
    .where('trip_id', 'in', tripIds)
    .where('status', 'in', [1, 2, 3, 13])
    .execute();
  const ids = left.map((r) => r.id);
  if (ids.length) {
    await db
      .updateTable('reservation_seats')
      .set({ active: 0, status: 5 })
      .where('reservation_id', 'in', ids)
      .execute();
    await db.updateTable('reservations').set({ status: 5 }).where('id', 'in', ids).execute();
    await db.updateTable('commissions').set({ paid: 1 }).where('reservation_id', 'in', ids).execute();
  }
  await db.deleteFrom('seat_locks').where('trip_id', 'in', tripIds).execute();
}

/** The clock back at the start and the next pair of trips (or pair `index`), every seat free. */
export async function nextTrips(w: World, index = w.sequences): Promise<[ModelTrip, ModelTrip]> {
  w.t.clock.set(START);
  const [near, far] = PAIRS[index % PAIRS.length] as [number, number];
  w.sequences += 1;
  const a = await modelTrip(w, near);
  const b = await modelTrip(w, far);
  await clearTrips(w, [a.tripId, b.tripId]);
  return [a, b];
}

/** A passenger no sale of the run has named before. */
export function newPassenger(w: World) {
  w.phones += 1;
  return passenger(`+88017${String(w.phones).padStart(8, '0')}`);
}
