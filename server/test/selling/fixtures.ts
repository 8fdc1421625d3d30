/**
 * Helpers for the selling-engine tests: find seeded trips and stations,
 * lock and sell through the real HTTP API.
 */
import { expect } from 'vitest';
import { addDays } from '../../src/lib/zoned-time';
import { createTestContext, type TestContext } from '../helpers';
import { runCli } from '../../src/cli';

export type Ctx = TestContext;

export interface TripRef {
  tripId: number;
  companyId: number;
  routeId: number;
  coachCode: string;
  stations: number[];
  times: string[];
}

export const TODAY = '2026-01-15';
export const PHONE = '+8801711223344';

export async function sellingContext(
  env: Record<string, string> = {},
  options: { postgresAdminUrl?: string } = {},
): Promise<Ctx> {
  // Tests move the clock by days; sessions must outlive that.
  return createTestContext({ ...options, env: { BOOKING_SWEEP_SECONDS: '0', SESSION_IDLE_HOURS: '8760', ...env } });
}

/** The seeded trip of a company's route on a day (0 = today) at a slot (0 = first departure). */
export async function findTrip(
  t: Ctx,
  q: { company: string; route: string; day?: number; slot?: number; coach?: string },
): Promise<TripRef> {
  let query = t.db
    .selectFrom('trips as tr')
    .innerJoin('routes as r', 'r.id', 'tr.route_id')
    .innerJoin('companies as c', 'c.id', 'tr.company_id')
    .innerJoin('coaches as co', 'co.id', 'tr.coach_id')
    .select(['tr.id', 'tr.company_id', 'tr.route_id', 'co.code'])
    .where('c.code', '=', q.company)
    .where('r.code', '=', q.route)
    .where('tr.trip_date', '=', addDays(TODAY, q.day ?? 1))
    .orderBy('tr.departure_at');
  if (q.coach) query = query.where('co.code', '=', q.coach);
  const rows = await query.execute();
  const row = rows[q.slot ?? 0];
  if (!row) throw new Error(`no trip ${JSON.stringify(q)}`);
  const stops = await t.db
    .selectFrom('trip_stops')
    .select(['station_id', 'time'])
    .where('trip_id', '=', row.id)
    .orderBy('stop_index')
    .execute();
  return {
    tripId: row.id,
    companyId: row.company_id,
    routeId: row.route_id,
    coachCode: row.code,
    stations: stops.map((s) => s.station_id),
    times: stops.map((s) => s.time),
  };
}

export function seg(trip: TripRef, from = 0, to = trip.stations.length - 1) {
  return {
    tripId: trip.tripId,
    originStationId: trip.stations[from] as number,
    destinationStationId: trip.stations[to] as number,
  };
}

export async function lock(t: Ctx, token: string, trip: TripRef, seats: string[], from?: number, to?: number) {
  return t.call('POST', '/api/reservation/seatLock', { token, body: { ...seg(trip, from, to), lock: seats } });
}

export function passenger(phone = PHONE) {
  return { phone, name: 'Test Passenger', countryCode: 'BD' };
}

/** The body of a sale of `seats` over the whole trip to the default passenger. */
export function saleBody(trip: TripRef, seats: string[]) {
  return { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats, passenger: passenger() };
}

/** An open ticket of the trip's route and segment (no trip, no seat), Standard seats. */
export function openTicketBody(trip: TripRef, seatCount = 1) {
  return {
    companyId: trip.companyId,
    kind: 'OPEN',
    routeId: trip.routeId,
    seatType: 'Standard',
    seatCount,
    ...seg(trip),
    tripId: undefined,
    passenger: passenger(),
  };
}

export async function create(
  t: Ctx,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.call('POST', '/api/reservation/createReservation', { token, body, headers });
}

/** A ticket as the counter names it. */
export interface Ticket {
  pnr: string;
  pin: string;
}

/** The body of a migration of ticket `from` onto `seats` over the whole of trip `to`, to the default passenger. */
export function migrateBody(from: Ticket, to: TripRef, seats: string[]) {
  return {
    companyId: to.companyId,
    kind: 'MIGRATE',
    ...seg(to),
    seats,
    migrateFrom: { pnr: from.pnr, pin: from.pin },
    passenger: passenger(),
  };
}

/** Locks `seats` on `to` (expects that to succeed), then migrates `from` there; answers the sale's answer unchecked. */
export async function migrate(t: Ctx, token: string, from: Ticket, to: TripRef, seats: string[]) {
  const locked = await lock(t, token, to, seats);
  expect(locked.status, JSON.stringify(locked.body)).toBe(200);
  return create(t, token, migrateBody(from, to, seats));
}

/** What POST /api/reservation/byPnrAndPin answers `token` about the ticket. */
export function byPnrAndPin(t: Ctx, token: string, ticket: Ticket) {
  return t.call('POST', '/api/reservation/byPnrAndPin', { token, body: { pnr: ticket.pnr, pin: ticket.pin } });
}

/** The trip's boarding time (its first stop), in epoch milliseconds. */
export const boardingOf = (trip: TripRef) => new Date(trip.times[0] as string).getTime();

/** Sets the clock to `at` and signs the demo agent in anew (a session does not survive the clock going back). */
export async function agentAt(t: Ctx, at: string): Promise<string> {
  t.clock.set(at);
  return t.login('agent');
}

/** Lock then sell (or book) seats; expects success and returns the reservation. */
export async function sell(
  t: Ctx,
  token: string,
  trip: TripRef,
  seats: string[],
  opts: { kind?: 'SELL' | 'BOOK'; from?: number; to?: number; phone?: string; couponCode?: string } = {},
) {
  const locked = await lock(t, token, trip, seats, opts.from, opts.to);
  expect(locked.status, JSON.stringify(locked.body)).toBe(200);
  const res = await create(t, token, {
    companyId: trip.companyId,
    kind: opts.kind ?? 'SELL',
    ...seg(trip, opts.from, opts.to),
    seats,
    passenger: passenger(opts.phone),
    ...(opts.couponCode ? { couponCode: opts.couponCode } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    pnr: string;
    pin: string;
    status: number;
    totalFare: number;
    returnAmount: number;
    fine: number;
    allowedActions: number[];
  };
}

export async function balanceOf(t: Ctx, token: string, companyId: number): Promise<number> {
  const res = await t.call('GET', `/api/account/${companyId}`, { token });
  return res.body.balance as number;
}

/**
 * A user of an existing agent with exactly these permissions; the password
 * is the demo agent's (Agent@123), copied as its hash.
 */
export async function makeUser(
  t: Ctx,
  username: string,
  permissions: string[],
  opts: { agent?: string; companies?: string[] } = {},
): Promise<string> {
  const db = t.db;
  const template = await db.selectFrom('users').selectAll().where('username', '=', 'agent').executeTakeFirstOrThrow();
  const agent = await db
    .selectFrom('agents')
    .select('id')
    .where('code', '=', opts.agent ?? 'AG-1001')
    .executeTakeFirstOrThrow();
  const outlet = await db
    .selectFrom('outlets')
    .select('id')
    .where('agent_id', '=', agent.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: roleId } = await db
    .insertInto('roles')
    .values({ name: `role-${username}`, description: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const perms = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', 'in', permissions.length ? permissions : ['-'])
    .execute();
  if (perms.length)
    await db
      .insertInto('role_permissions')
      .values(perms.map((p) => ({ role_id: roleId, permission_id: p.id })))
      .execute();
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      password_hash: template.password_hash,
      full_name: username,
      phone: null,
      email: null,
      agent_id: agent.id,
      outlet_id: outlet.id,
      password_changed_at: template.password_changed_at,
      password_never_expires: 1,
      homepage: null,
      created_at: template.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
  const companies = await db
    .selectFrom('companies')
    .select('id')
    .where('code', 'in', opts.companies ?? ['PADMA', 'MEGHNA'])
    .execute();
  await db
    .insertInto('user_companies')
    .values(companies.map((c) => ({ user_id: id, company_id: c.id })))
    .execute();
  return t.login(username, 'Agent@123');
}

export async function tripStateSet(
  t: Ctx,
  tripId: number,
  state: 'OPEN' | 'CLOSED' | 'OMITTED' | 'OMIT_PENDING',
): Promise<void> {
  await t.db.updateTable('trips').set({ state }).where('id', '=', tripId).execute();
}

export async function ticketOp(
  t: Ctx,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.call('POST', '/api/reservation/ticketOperation', { token, body, headers });
}

/** Runs an operator command against the context's database and clock; answers its exit code and printed lines. */
export async function runOperator(t: Ctx, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    config: t.config,
    db: t.db,
    clock: t.clock,
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
  });
  return { code, out, err };
}
