/**
 * The model: what the sequence has made (tickets, their lineages, delayed-cancel requests, deposits) and a small
 * rule book that says, from the model alone, whether each command should succeed. The rule book is the one issue 32
 * states AFTER its fixes: a lineage's refund terms are fixed at its first sale (an open ticket stays non-refundable
 * through any number of migrations), a state change happens once, an original prints once without
 * AGENT_PRINT_TICKET, a delayed cancel is approved only before the coach leaves the sold-from stop.
 *
 * `either` marks where the rule book leaves the answer open (the model is lenient about WHICH refusal, and about
 * edge cases it does not settle); a refusal where it says `ok`, or a success where it says `no`, fails the run.
 */
import { ReservationStatus as S } from '@agent-portal/contract';
import type { ModelTrip } from './world';

export type Expect = 'ok' | 'no' | 'either';

export interface Ticket {
  /** Its index in Model.tickets (commands name tickets by index, modulo the count). */
  n: number;
  pnr: string;
  pin: string;
  lineage: number;
  status: number;
  /** 0 or 1 (Model.trips), null for an open ticket. */
  trip: 0 | 1 | null;
  seats: string[];
  from: number;
  to: number;
  /** The stop the cancellation terms are timed from (the sold-from stop; a boarding change keeps it). */
  fineFrom: number;
  /** A booking's lapse (ms). */
  expiresAt: number | null;
  printed: boolean;
  /** The ticket it was migrated from. */
  source: number | null;
}

export interface Lineage {
  root: 'SELL' | 'BOOK' | 'OPEN';
  /** The smallest fine percent its tickets may cancel at: the band of each migration's source then, 100 if open. */
  floor: number;
  hops: number;
}

export interface DelayedRequest {
  id: number;
  ticket: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
}

export interface DepositRequest {
  txId: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
}

export interface Model {
  now: number;
  trips: [ModelTrip, ModelTrip];
  tickets: Ticket[];
  lineages: Lineage[];
  requests: DelayedRequest[];
  deposits: DepositRequest[];
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The default CANCEL_FINE_BANDS (config.ts): 48:10,24:25,6:50; under 6 h cancelling is closed. */
const BANDS = [
  { minHours: 48, percent: 10 },
  { minHours: 24, percent: 25 },
  { minHours: 6, percent: 50 },
];
/** The fine of an approved delayed cancel: the largest band (fines.ts largestFineBand). */
export const DELAYED_CANCEL_PERCENT = 50;
export const SMALLEST_FINE_PERCENT = 10;
/** BOOKING_HOLD_MINUTES and BOOKING_CUTOFF_MINUTES defaults. */
const HOLD = 30 * MINUTE;
const CUTOFF = 60 * MINUTE;
/** Within this much of a time limit the model does not insist either way. */
const EDGE = MINUTE;

export function bandPercent(msBefore: number): number | null {
  return BANDS.find((b) => msBefore >= b.minHours * HOUR)?.percent ?? null;
}

export function freshModel(trips: [ModelTrip, ModelTrip], now: number): Model {
  return { now, trips, tickets: [], lineages: [], requests: [], deposits: [] };
}

export function cloneModel(m: Model): Model {
  return {
    now: m.now,
    trips: m.trips,
    tickets: m.tickets.map((t) => ({ ...t, seats: [...t.seats] })),
    lineages: m.lineages.map((l) => ({ ...l })),
    requests: m.requests.map((r) => ({ ...r })),
    deposits: m.deposits.map((d) => ({ ...d })),
  };
}

/** A booking whose hold has passed: the server expires it (lazily) into a cancellation. */
export function lapsed(m: Model, t: Ticket): boolean {
  return t.status === S.BOOKED && t.expiresAt !== null && m.now >= t.expiresAt;
}

/** The status the rule book sees now. */
export function standing(m: Model, t: Ticket): number {
  return lapsed(m, t) ? S.CANCELLED : t.status;
}

function stopMs(m: Model, t: Ticket, index: number): number {
  if (t.trip === null) throw new Error('an open ticket has no stops');
  return m.trips[t.trip].stopMs[index] as number;
}

/** ok when `now` is clearly before `limit`, no when clearly at or after it, either within EDGE of it. */
function before(now: number, limit: number): Expect {
  if (now < limit - EDGE) return 'ok';
  if (now >= limit + EDGE) return 'no';
  return 'either';
}

function and(...xs: Expect[]): Expect {
  if (xs.includes('no')) return 'no';
  if (xs.includes('either')) return 'either';
  return 'ok';
}

/** Whether a seat of a trip is held on any leg of [from, to) by a ticket of the model. */
export function held(m: Model, trip: 0 | 1, seat: string, from: number, to: number): boolean {
  return m.tickets.some(
    (t) =>
      t.trip === trip &&
      (standing(m, t) === S.SOLD || standing(m, t) === S.BOOKED) &&
      t.seats.includes(seat) &&
      t.from < to &&
      from < t.to,
  );
}

/** `count` seats of the trip's pool free on [from, to), skipping `skip` of them and any in `taken`; null if too few. */
export function freeSeats(
  m: Model,
  trip: 0 | 1,
  from: number,
  to: number,
  count: number,
  skip = 0,
  taken: readonly string[] = [],
): string[] | null {
  const free = m.trips[trip].pool.filter((s) => !held(m, trip, s, from, to) && !taken.includes(s));
  const out = free.slice(skip % Math.max(1, free.length)).slice(0, count);
  return out.length === count ? out : null;
}

export function expectSale(
  m: Model,
  kind: 'SELL' | 'BOOK',
  trip: 0 | 1,
  from: number,
  to: number,
  seats: string[],
): Expect {
  if (seats.some((s) => held(m, trip, s, from, to))) return 'no';
  const board = m.trips[trip].stopMs[from] as number;
  return kind === 'SELL' ? before(m.now, board) : before(m.now, board - CUTOFF);
}

/** A booking's lapse when made now (domain/booking.ts bookingExpiry). */
export function bookingExpiresAt(m: Model, trip: 0 | 1, from: number): number {
  return Math.min(m.now + HOLD, (m.trips[trip].stopMs[from] as number) - CUTOFF);
}

export function expectConfirm(m: Model, t: Ticket): Expect {
  return t.status === S.BOOKED ? before(m.now, t.expiresAt ?? 0) : 'no';
}

/** Whether cancelling a sold ticket is open now: before boarding, inside a band timed from the sold-from stop. */
function soldCancellable(m: Model, t: Ticket): Expect {
  return and(before(m.now, stopMs(m, t, t.from)), before(m.now, stopMs(m, t, t.fineFrom) - 6 * HOUR));
}

export function expectCancel(m: Model, t: Ticket, partial: boolean): Expect {
  if (partial && t.seats.length < 2) return 'no';
  const status = standing(m, t);
  if (status === S.BOOKED) return before(m.now, t.expiresAt ?? 0);
  if (status !== S.SOLD)
    return t.status === S.BOOKED ? (before(m.now, t.expiresAt ?? 0) === 'no' ? 'no' : 'either') : 'no';
  const open = soldCancellable(m, t);
  // A ticket that may return nothing (a lineage that began as an open ticket) may be refused or cancelled for 0.
  if (open !== 'no' && (m.lineages[t.lineage] as Lineage).floor >= 100) return 'either';
  return open;
}

/** A sold ticket migrates while it could be cancelled; an open ticket at any time; nothing else. */
export function expectMigrateSource(m: Model, t: Ticket): Expect {
  const status = standing(m, t);
  if (status === S.OPEN) return 'ok';
  if (status !== S.SOLD) return 'no';
  return soldCancellable(m, t);
}

export function expectMigrate(m: Model, t: Ticket, target: 0 | 1, seats: string[]): Expect {
  if (seats.length !== t.seats.length) return 'no';
  if (seats.some((s) => held(m, target, s, 0, 2) && !(t.trip === target && t.seats.includes(s)))) return 'no';
  // Seats the source itself holds on the target are still held until it retires: the lock refuses them.
  if (t.trip === target && seats.some((s) => t.seats.includes(s))) return 'either';
  return and(expectMigrateSource(m, t), before(m.now, m.trips[target].stopMs[0] as number));
}

/** The percent a migration now fixes as its lineage's floor: the source's band now (100 for an open ticket). */
export function migrationFloor(m: Model, t: Ticket): number {
  if (t.trip === null) return 100;
  return bandPercent(stopMs(m, t, t.fineFrom) - m.now) ?? 100;
}

export function expectBoardingChange(m: Model, t: Ticket): Expect {
  const status = standing(m, t);
  if (status !== S.SOLD && status !== S.BOOKED) return 'no';
  if (t.from + 1 >= t.to) return 'no';
  const e = before(m.now, stopMs(m, t, t.from));
  return status === S.BOOKED ? and(e, before(m.now, t.expiresAt ?? 0)) : e;
}

export function expectDelayedRequest(m: Model, t: Ticket): Expect {
  if (standing(m, t) !== S.SOLD || t.trip === null) return 'no';
  if (m.requests.some((r) => r.ticket === t.n && r.status === 'PENDING')) return 'no';
  // After the cut-off (no band left) and before the coach leaves the stop the ticket was sold from.
  const fine = stopMs(m, t, t.fineFrom);
  const closed = before(m.now, fine - 6 * HOUR);
  const afterCutoff: Expect = closed === 'ok' ? 'no' : closed === 'no' ? 'ok' : 'either';
  return and(afterCutoff, before(m.now, fine), before(m.now, stopMs(m, t, t.from)));
}

export function expectApprove(m: Model, r: DelayedRequest): Expect {
  if (r.status === 'APPROVED') return 'ok';
  if (r.status === 'REJECTED') return 'no';
  const t = m.tickets[r.ticket] as Ticket;
  if (standing(m, t) !== S.SOLD) return 'no';
  // The refund window closes when the coach leaves the stop the ticket was sold from (issue 32 item 11).
  return before(m.now, stopMs(m, t, t.fineFrom));
}

export function expectReject(_m: Model, r: DelayedRequest): Expect {
  return r.status === 'APPROVED' ? 'no' : 'ok';
}

export function expectExtend(m: Model, t: Ticket, requested: number): Expect {
  if (t.status !== S.BOOKED) return 'no';
  if (requested <= m.now) return 'no';
  return and(before(m.now, t.expiresAt ?? 0), before(requested, stopMs(m, t, t.from) - CUTOFF + 1));
}

export function expectPrint(m: Model, t: Ticket, canReprint: boolean, type: 'ORIGINAL' | 'REPRINT'): Expect {
  const status = standing(m, t);
  const printable = status === S.SOLD || status === S.OPEN;
  if (type === 'REPRINT') return canReprint ? (printable ? 'ok' : 'either') : 'no';
  if (!printable) return canReprint || !t.printed ? 'either' : 'no';
  if (!t.printed) return 'ok';
  // Printed before: a second original is a reprint, which needs the permission.
  return canReprint ? 'either' : 'no';
}

export function expectDepositDecision(d: DepositRequest): Expect {
  return d.status === 'PENDING' ? 'ok' : 'no';
}

/** What happens to a migrated-from ticket when its successor is cancelled whole (cancelMigratedSource). */
export function cancelWhole(m: Model, t: Ticket): void {
  t.status = S.CANCELLED;
  t.seats = [];
  t.expiresAt = null;
  if (t.source !== null) {
    const source = m.tickets[t.source] as Ticket;
    if (source.status === S.TRIP_MIGRATED) source.status = S.TRIP_MIGRATED_CANCELLED;
  }
}
