/**
 * One request each command sends, as a step: prepared from the model (which ticket, which seats), expected by the
 * rule book (model.ts), sent to the real server (HTTP through app.inject; the operator's decisions through the
 * service the operator command line uses), and applied to the model when it succeeded. A pair of steps is sent at
 * the same instant and must be explained by one of its two serial orders (commands.ts).
 */
import { ReservationAction as A, ReservationStatus as S } from '@agent-portal/contract';
import { AppError } from '../../src/http/app-error';
import { seg } from '../selling/fixtures';
import {
  bookingExpiresAt,
  cancelWhole,
  expectApprove,
  expectBoardingChange,
  expectCancel,
  expectConfirm,
  expectDelayedRequest,
  expectDepositDecision,
  expectExtend,
  expectMigrate,
  expectPrint,
  expectReject,
  expectSale,
  freeSeats,
  migrationFloor,
  type Expect,
  type Model,
  type Ticket,
} from './model';
import { FULL, newPassenger, OPEN_SEAT_TYPE, type ModelTrip, type World } from './world';

export interface Real {
  w: World;
  /** Each model ticket's status as last read from the database (invariants.ts checks the transitions). */
  seen: Map<string, number>;
}

export interface Outcome {
  ok: boolean;
  status: number;
  // The server's JSON answer, read loosely like the other tests do.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Step {
  /** What it does, resolved (PNR, seats), for a failure's message. */
  label: string;
  expect(m: Model): Expect;
  send(real: Real): Promise<Outcome>;
  /** The model after a success (given the answer). */
  apply(m: Model, out: Outcome, real: Real): Promise<void>;
}

export const SEGMENTS: [number, number][] = [
  [0, 2],
  [0, 1],
  [1, 2],
];

/** A request through app.inject; any 5xx fails the run at once. */
export async function call(
  real: Real,
  method: 'GET' | 'POST',
  url: string,
  user: number,
  body?: unknown,
): Promise<Outcome> {
  const res = await real.w.t.call(method, url, { token: real.w.tokens[user], body });
  if (res.status >= 500)
    throw new Error(`5xx: ${method} ${url} ${JSON.stringify(body)} answered ${res.status} ${JSON.stringify(res.body)}`);
  return { ok: res.status === 200, status: res.status, body: res.body };
}

/** A service call as the operator makes it: a refusal is an AppError; anything else fails the run. */
async function operator(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, status: 200, body: await run() };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, status: 422, body: { reason: e.reason, message: e.message } };
    throw e;
  }
}

async function lockThen(
  real: Real,
  user: number,
  trip: ModelTrip,
  from: number,
  to: number,
  seats: string[],
  then: () => Promise<Outcome>,
): Promise<Outcome> {
  const locked = await call(real, 'POST', '/api/reservation/seatLock', user, { ...seg(trip, from, to), lock: seats });
  if (!locked.ok) return locked;
  const out = await then();
  // A refused sale leaves the caller's locks: let them go, so the next sale of another user is not refused by them.
  if (!out.ok) await call(real, 'POST', '/api/reservation/seatLock', user, { ...seg(trip, from, to), release: seats });
  return out;
}

async function reservationRow(real: Real, pnr: string) {
  return real.w.t.db
    .selectFrom('reservations')
    .select(['id', 'expires_at'])
    .where('pnr', '=', pnr)
    .executeTakeFirstOrThrow();
}

function addTicket(m: Model, t: Omit<Ticket, 'n'>): Ticket {
  const ticket = { ...t, n: m.tickets.length };
  m.tickets.push(ticket);
  return ticket;
}

const name = (t: Ticket) => `#${t.n} ${t.pnr} (status ${t.status}${t.trip === null ? ', open' : `, trip ${t.trip}`})`;

export function saleStep(
  m: Model,
  p: {
    kind: 'SELL' | 'BOOK';
    user: number;
    trip: 0 | 1;
    segment: number;
    count: number;
    skip: number;
    coupon: boolean;
  },
): Step | null {
  const [from, to] = SEGMENTS[p.segment % SEGMENTS.length] as [number, number];
  // Mostly free seats; now and then (skip odd) a seat the model holds, which must be refused.
  const taken = m.tickets.filter((t) => t.trip === p.trip && t.seats.length && t.from < to && from < t.to);
  const seats =
    p.skip % 7 === 3 && taken.length
      ? [(taken[p.skip % taken.length] as Ticket).seats[0] as string]
      : freeSeats(m, p.trip, from, to, p.count, p.skip);
  if (!seats) return null;
  const trip = m.trips[p.trip];
  return {
    label: `${p.kind} ${seats.join(',')} on trip ${p.trip} ${from}->${to}${p.coupon ? ' FLAT50' : ''} by user ${p.user}`,
    expect: (mm) => expectSale(mm, p.kind, p.trip, from, to, seats),
    send: (real) =>
      lockThen(real, p.user, trip, from, to, seats, () =>
        call(real, 'POST', '/api/reservation/createReservation', p.user, {
          companyId: trip.companyId,
          kind: p.kind,
          ...seg(trip, from, to),
          seats,
          passenger: newPassenger(real.w),
          ...(p.coupon ? { couponCode: 'FLAT50' } : {}),
        }),
      ),
    apply: async (mm, out, real) => {
      const row = await reservationRow(real, out.body.pnr);
      const lineage = mm.lineages.push({ root: p.kind, floor: 0, hops: 0 }) - 1;
      addTicket(mm, {
        pnr: out.body.pnr,
        pin: out.body.pin,
        lineage,
        status: p.kind === 'SELL' ? S.SOLD : S.BOOKED,
        trip: p.trip,
        seats,
        from,
        to,
        fineFrom: from,
        expiresAt:
          p.kind === 'BOOK'
            ? row.expires_at
              ? new Date(row.expires_at).getTime()
              : bookingExpiresAt(mm, p.trip, from)
            : null,
        printed: false,
        source: null,
      });
    },
  };
}

export function openStep(m: Model, p: { user: number; count: number; coupon: boolean }): Step {
  const trip = m.trips[0];
  return {
    label: `OPEN x${p.count}${p.coupon ? ' FLAT50' : ''} by user ${p.user}`,
    expect: () => 'ok',
    send: (real) =>
      call(real, 'POST', '/api/reservation/createReservation', p.user, {
        companyId: trip.companyId,
        kind: 'OPEN',
        routeId: trip.routeId,
        seatType: OPEN_SEAT_TYPE,
        seatCount: p.count,
        ...seg(trip),
        tripId: undefined,
        passenger: newPassenger(real.w),
        ...(p.coupon ? { couponCode: 'FLAT50' } : {}),
      }),
    apply: async (mm, out) => {
      const lineage = mm.lineages.push({ root: 'OPEN', floor: 100, hops: 0 }) - 1;
      addTicket(mm, {
        pnr: out.body.pnr,
        pin: out.body.pin,
        lineage,
        status: S.OPEN,
        trip: null,
        seats: Array.from({ length: p.count }, () => 'OPEN'),
        from: 0,
        to: 2,
        fineFrom: 0,
        expiresAt: null,
        printed: false,
        source: null,
      });
    },
  };
}

function ticketOp(real: Real, user: number, t: Ticket, body: Record<string, unknown>): Promise<Outcome> {
  return call(real, 'POST', '/api/reservation/ticketOperation', user, { pnr: t.pnr, pin: t.pin, ...body });
}

export function confirmStep(t: Ticket, user: number): Step {
  return {
    label: `confirm ${name(t)} by user ${user}`,
    expect: (m) => expectConfirm(m, m.tickets[t.n] as Ticket),
    send: (real) => ticketOp(real, user, t, { action: A.CONFIRM_BOOKING }),
    apply: async (m) => {
      const x = m.tickets[t.n] as Ticket;
      x.status = S.SOLD;
      x.expiresAt = null;
    },
  };
}

/**
 * Cancel (whole or one seat) at the return amount the server shows now, read when the step is prepared: two cancels
 * of one ticket at once both send what was shown before either ran.
 */
export async function cancelStep(real: Real, t: Ticket, user: number, partial: boolean): Promise<Step> {
  const shown = await call(real, 'POST', '/api/reservation/byPnrAndPin', user, { pnr: t.pnr, pin: t.pin });
  const seats = partial ? [t.seats[0] as string] : undefined;
  const action = t.status === S.BOOKED ? A.CANCEL_BOOKING : A.CANCEL_TICKET;
  let returnAmount: number = shown.ok ? shown.body.returnAmount : 0;
  if (partial && shown.ok && action === A.CANCEL_TICKET)
    returnAmount = Math.round((returnAmount / Math.max(1, t.seats.length)) * 100) / 100;
  return {
    label: `${partial ? 'partial cancel' : 'cancel'} ${name(t)}${seats ? ` seat ${seats[0]}` : ''} return ${returnAmount} by user ${user}`,
    // The amount shown was for the seats held then (a booking's is 0): after another step changed them, it no longer
    // matches.
    expect: (m) => {
      const now = m.tickets[t.n] as Ticket;
      // The action code was chosen for the status then (cancel booking, cancel ticket): it does not fit another.
      if (now.status !== t.status) return 'no';
      const e = expectCancel(m, now, partial);
      if (now.seats.length !== t.seats.length && now.status === S.SOLD && t.status === S.SOLD)
        return e === 'no' ? 'no' : 'either';
      return e;
    },
    send: (r) => ticketOp(r, user, t, { action, ...(seats ? { seats } : {}), returnAmount }),
    apply: async (m) => {
      const x = m.tickets[t.n] as Ticket;
      if (partial) x.seats = x.seats.slice(1);
      else cancelWhole(m, x);
    },
  };
}

/** Migrate to the whole of trip `target`, onto free seats (skipping `skip`, and any in `taken`). */
export function migrateStep(
  m: Model,
  t: Ticket,
  user: number,
  target: 0 | 1,
  skip: number,
  taken: readonly string[] = [],
): Step | null {
  const seats = freeSeats(m, target, 0, 2, t.seats.length, skip, taken);
  if (!seats) return null;
  const trip = m.trips[target];
  return {
    label: `migrate ${name(t)} to trip ${target} seats ${seats.join(',')} by user ${user}`,
    expect: (mm) => expectMigrate(mm, mm.tickets[t.n] as Ticket, target, seats),
    send: (real) =>
      lockThen(real, user, trip, 0, 2, seats, () =>
        call(real, 'POST', '/api/reservation/createReservation', user, {
          companyId: trip.companyId,
          kind: 'MIGRATE',
          ...seg(trip),
          seats,
          migrateFrom: { pnr: t.pnr, pin: t.pin },
          passenger: newPassenger(real.w),
        }),
      ),
    apply: async (mm, out) => {
      const x = mm.tickets[t.n] as Ticket;
      const lineage = mm.lineages[x.lineage] as NonNullable<Model['lineages'][number]>;
      lineage.floor = Math.max(lineage.floor, migrationFloor(mm, x));
      lineage.hops += 1;
      x.status = S.TRIP_MIGRATED;
      x.seats = [];
      addTicket(mm, {
        pnr: out.body.pnr,
        pin: out.body.pin,
        lineage: x.lineage,
        status: S.SOLD,
        trip: target,
        seats,
        from: 0,
        to: 2,
        fineFrom: 0,
        expiresAt: null,
        printed: false,
        source: x.n,
      });
    },
  };
}

export function boardingStep(m: Model, t: Ticket, user: number): Step {
  const station = t.trip === null ? 0 : (m.trips[t.trip].stations[t.from + 1] ?? 0);
  return {
    label: `boarding change ${name(t)} to stop ${t.from + 1} by user ${user}`,
    expect: (mm) => expectBoardingChange(mm, mm.tickets[t.n] as Ticket),
    send: (real) =>
      call(real, 'POST', '/api/reservation/changeBoardingPoint', user, { pnr: t.pnr, pin: t.pin, stationId: station }),
    apply: async (mm) => {
      (mm.tickets[t.n] as Ticket).from += 1;
    },
  };
}

export function delayedStep(t: Ticket, user: number): Step {
  return {
    label: `delayed-cancel request ${name(t)} by user ${user}`,
    expect: (m) => expectDelayedRequest(m, m.tickets[t.n] as Ticket),
    send: (real) =>
      call(real, 'POST', '/api/reservation/delayedCancelApproval', user, {
        pnr: t.pnr,
        pin: t.pin,
        reasonId: 1,
        remarks: 'model',
      }),
    apply: async (m, _out, real) => {
      const row = await real.w.t.db
        .selectFrom('delayed_cancel_requests as q')
        .innerJoin('reservations as r', 'r.id', 'q.reservation_id')
        .select('q.id')
        .where('r.pnr', '=', t.pnr)
        .where('q.status', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      m.requests.push({ id: row.id, ticket: t.n, status: 'PENDING' });
    },
  };
}

export function decideStep(m: Model, index: number, approve: boolean): Step {
  const r = m.requests[index] as Model['requests'][number];
  const t = m.tickets[r.ticket] as Ticket;
  return {
    label: `operator ${approve ? 'approves' : 'rejects'} delayed cancel ${r.id} of ${name(t)}`,
    expect: (mm) => (approve ? expectApprove : expectReject)(mm, mm.requests[index] as typeof r),
    send: (real) =>
      operator(() =>
        approve
          ? real.w.t.app.services.delayedCancels.approve(r.id, 'model')
          : real.w.t.app.services.delayedCancels.reject(r.id, 'model', 'model says no'),
      ),
    apply: async (mm, out) => {
      const q = mm.requests[index] as typeof r;
      if (!(out.body as { changed: boolean }).changed) return;
      q.status = approve ? 'APPROVED' : 'REJECTED';
      if (approve) cancelWhole(mm, mm.tickets[q.ticket] as Ticket);
    },
  };
}

export function extendStep(t: Ticket, user: number, minutes: number): Step {
  return {
    label: `extend ${name(t)} by ${minutes} min by user ${user}`,
    expect: (m) => expectExtend(m, m.tickets[t.n] as Ticket, m.now + minutes * 60_000),
    send: (real) =>
      ticketOp(real, user, t, {
        action: A.EXTEND_BOOKING_TIME,
        expirationTime: new Date(real.w.t.clock.now().getTime() + minutes * 60_000).toISOString(),
      }),
    apply: async (m) => {
      (m.tickets[t.n] as Ticket).expiresAt = m.now + minutes * 60_000;
    },
  };
}

export function printStep(t: Ticket, user: number, type: 'ORIGINAL' | 'REPRINT'): Step {
  return {
    label: `print ${type} ${name(t)} by user ${user}${user === FULL ? '' : ' (no AGENT_PRINT_TICKET)'}`,
    expect: (m) => expectPrint(m, m.tickets[t.n] as Ticket, user === FULL, type),
    send: (real) => call(real, 'GET', `/api/reservation/savePrintAction/${t.pnr}/${type}`, user),
    apply: async (m) => {
      (m.tickets[t.n] as Ticket).printed = true;
    },
  };
}

export function depositStep(m: Model, w: World, user: number, amount: number): Step {
  w.deposits += 1;
  const reference = `MODEL-${w.sequences}-${w.deposits}`;
  return {
    label: `deposit ${amount} ref ${reference} by user ${user}`,
    expect: () => 'ok',
    send: (real) =>
      call(real, 'POST', '/api/account/deposit', user, {
        companyId: m.trips[0].companyId,
        amount,
        confirmAmount: amount,
        referenceNumber: reference,
      }),
    apply: async (mm, out) => {
      mm.deposits.push({ txId: out.body.transactionId, status: 'PENDING' });
    },
  };
}

export function depositDecisionStep(m: Model, index: number, approve: boolean): Step {
  const d = m.deposits[index] as Model['deposits'][number];
  return {
    label: `operator ${approve ? 'approves' : 'rejects'} deposit ${d.txId}`,
    expect: (mm) => expectDepositDecision(mm.deposits[index] as typeof d),
    send: (real) =>
      operator(() => real.w.t.app.services.depositOperator.decide(d.txId, approve ? 'APPROVE' : 'REJECT', 'model')),
    apply: async (mm) => {
      (mm.deposits[index] as typeof d).status = approve ? 'APPROVED' : 'REJECTED';
    },
  };
}
