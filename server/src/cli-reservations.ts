/**
 * Operator commands about trips, seats and reservations: trip states, held
 * seats, trip and reservation listings. cli.ts dispatches here.
 */
import { localDateSchema } from '@agent-portal/contract';
import type { Config } from './config';
import type { Database } from './db/database';
import { addTripDepartingIn } from './db/seed/selling';
import type { Clock } from './lib/clock';
import { localDateOf } from './lib/zoned-time';
import type { Services } from './services';
import {
  DELAYED_CANCEL_STATUSES,
  type DelayedCancelListing,
  type DelayedCancelStatus,
} from './modules/ticket-operation/delayed-cancel';

export const RESERVATION_HELP = `  trips [--date yyyy-MM-dd]                trips (id, date, departure, route, coach, state), default today
  trip omit|close|open <tripId>            omit (cancel) a trip, close it for sale, or open it again
  trip add <company> <route> --in <time> [--coach <code>]
                                           add a trip leaving that long from now (e.g. 3h, 90m, 2d),
                                           rounded up to 5 minutes: trip add PADMA DHK-CTG --in 3h
  seat admin-book <tripId> <seat> [--from i --to j]
                                           hold a seat as admin booked (status 3); stop indexes default to the whole route
  seat link <tripId> <seat> [--from i --to j]
                                           hold a seat for the linked coach (status 13)
  reservation <pnr>                        a reservation and its seats
  pnr unlock <pnr>                         lift a PNR's wrong-PIN lock (PNR_LOCKED) and forget its wrong PINs
  delayed-cancels [--status PENDING|APPROVED|REJECTED|ALL]
                                           delayed-cancel requests, oldest first (default: PENDING), with the refund
                                           approving would give
  delayed-cancel approve <requestId> [--employee name]
                                           cancel the reservation and refund it by the last fine band (the largest fine)
  delayed-cancel reject <requestId> --reason <text> [--employee name]
                                           keep the ticket; the reason goes to the reservation's history`;

export class ReservationUsageError extends Error {}

interface Io {
  out(line: string): void;
}

interface Ctx {
  db: Database;
  clock: Clock;
  config: Config;
}

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 24 * 60 };

/** "90m", "3h", "2d" (or plain minutes) as minutes from now. */
function parseOffset(value: string | undefined): number {
  const match = /^(\d{1,5})([mhd]?)$/.exec(value ?? '');
  if (!match) throw new ReservationUsageError('--in needs a time from now such as 90m, 3h or 2d');
  const minutes = Number(match[1]) * (UNIT_MINUTES[match[2] || 'm'] ?? 1);
  if (minutes < 1 || minutes > 366 * 24 * 60) throw new ReservationUsageError('--in must be from 1 minute to 366 days');
  return minutes;
}

async function addTrip(args: string[], io: Io, ctx: Ctx): Promise<number> {
  const [company, route, ...options] = args;
  if (!company || !route || company.startsWith('--') || route.startsWith('--'))
    throw new ReservationUsageError('usage: trip add <company> <route> --in <time> [--coach <code>]');
  let minutesFromNow: number | undefined;
  let coach: string | undefined;
  for (let i = 0; i < options.length; i += 2) {
    const value = options[i + 1];
    if (options[i] === '--in') minutesFromNow = parseOffset(value);
    else if (options[i] === '--coach' && value) coach = value;
    else throw new ReservationUsageError(`unknown option ${options[i] ?? ''} for trip add`);
  }
  if (minutesFromNow === undefined) throw new ReservationUsageError('trip add needs --in <time>, e.g. --in 3h');
  const trip = await addTripDepartingIn(ctx.db, ctx, { company, route, minutesFromNow, ...(coach ? { coach } : {}) });
  const local = localDateOf(trip.departure, ctx.config.timeZone);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: ctx.config.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(trip.departure);
  io.out(
    `trip ${trip.id} (${trip.coach}, ${trip.company} ${trip.route}, ${trip.tripDate}) departs ${local} ${time} ${ctx.config.timeZone} (${trip.departure.toISOString()})${trip.created ? '' : ', already there'}`,
  );
  return 0;
}

function positiveInt(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1)
    throw new ReservationUsageError(`${what} must be a positive number`);
  return Number(value);
}

function stopRange(args: string[]): { from?: number; to?: number } {
  const range: { from?: number; to?: number } = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i];
    const value = args[i + 1];
    if ((flag !== '--from' && flag !== '--to') || value === undefined || !/^\d+$/.test(value))
      throw new ReservationUsageError('use --from <stop index> --to <stop index>');
    range[flag === '--from' ? 'from' : 'to'] = Number(value);
  }
  return range;
}

/** --name value pairs of `allowed`; anything else is wrong usage. */
function flags(args: string[], allowed: readonly string[], usage: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] ?? '';
    const value = args[i + 1];
    if (!allowed.includes(flag) || value === undefined || value.startsWith('--') || value.trim() === '')
      throw new ReservationUsageError(usage);
    out[flag.slice(2)] = value;
  }
  return out;
}

const DELAYED_CANCEL_USAGE =
  'usage: delayed-cancel approve <requestId> [--employee name] or delayed-cancel reject <requestId> --reason <text> [--employee name]';

/** Tabs and line breaks would break the one-line-per-request format. */
const cell = (text: string | null): string => (text === null || text === '' ? '-' : text.replace(/[\t\r\n]+/g, ' '));
const money2 = (n: number | null): string => (n === null ? '-' : n.toFixed(2));

function delayedCancelLine(r: DelayedCancelListing): string {
  const decision =
    r.status === 'PENDING'
      ? '-'
      : `${r.decidedAt ?? '?'} by ${r.decidedBy ?? '?'}${r.decisionRemarks ? `: ${r.decisionRemarks}` : ''}`;
  return [
    r.id,
    r.requestedAt,
    r.status,
    r.pnr,
    r.reservationStatus,
    r.companyCode,
    r.agentCode ?? '-',
    r.username,
    r.seats.join(',') || '-',
    money2(r.refund),
    cell(r.reason),
    cell(r.remarks),
    cell(decision),
  ].join('\t');
}

/** Runs a selling command; null when `command` is not one of them. */
export async function runReservationCommand(
  command: string,
  args: string[],
  services: Services,
  io: Io,
  ctx: Ctx,
): Promise<number | null> {
  const ops = services.tripOperator;
  const today = localDateOf(ctx.clock.now(), ctx.config.timeZone);
  switch (command) {
    case 'trips': {
      let date = today;
      if (args.length) {
        if (args[0] !== '--date' || !localDateSchema.safeParse(args[1]).success)
          throw new ReservationUsageError('usage: trips [--date yyyy-MM-dd]');
        date = args[1] as string;
      }
      const trips = await ops.list(date);
      io.out(['TRIP_ID', 'DATE', 'DEPARTS', 'ROUTE', 'COACH', 'TYPE', 'STATE'].join('\t'));
      for (const trip of trips) {
        io.out(
          [
            trip.id,
            trip.tripDate,
            trip.stops[0]?.time.toISOString() ?? '-',
            trip.routeName,
            trip.coachCode,
            trip.coachType,
            trip.state,
          ].join('\t'),
        );
      }
      return 0;
    }
    case 'trip': {
      const action = args[0];
      if (action === 'add') return addTrip(args.slice(1), io, ctx);
      const state = action === 'omit' ? 'OMITTED' : action === 'close' ? 'CLOSED' : action === 'open' ? 'OPEN' : null;
      if (!state)
        throw new ReservationUsageError(
          'usage: trip omit|close|open <tripId> or trip add <company> <route> --in <time>',
        );
      const trip = await ops.setState(positiveInt(args[1], 'tripId'), state);
      io.out(`trip ${trip.id} (${trip.coachCode}, ${trip.routeName}, ${trip.tripDate}) is ${state}`);
      return 0;
    }
    case 'seat': {
      const action = args[0];
      if (action !== 'admin-book' && action !== 'link')
        throw new ReservationUsageError('usage: seat admin-book|link <tripId> <seat> [--from i --to j]');
      const tripId = positiveInt(args[1], 'tripId');
      const seat = args[2];
      if (!seat) throw new ReservationUsageError('missing seat name');
      const { pnr, pin } = await ops.hold(tripId, seat, action === 'admin-book' ? 3 : 13, stopRange(args.slice(3)));
      io.out(
        `seat ${seat} of trip ${tripId} ${action === 'admin-book' ? 'admin booked (3)' : 'linked (13)'}: PNR ${pnr} PIN ${pin}`,
      );
      return 0;
    }
    case 'reservation': {
      const pnr = args[0];
      if (!pnr) throw new ReservationUsageError('usage: reservation <pnr>');
      const { row, seats } = await ops.reservation(pnr);
      io.out(
        `PNR ${row.pnr} status ${row.status} kind ${row.kind} trip ${row.trip_id ?? '-'} passenger ${row.passenger_name} ${row.passenger_phone}`,
      );
      io.out(
        `fare ${(row.fare_minor / 100).toFixed(2)} discount ${(row.discount_minor / 100).toFixed(2)} charged ${(row.charged_minor / 100).toFixed(2)}${row.reference_pnr ? ` from ${row.reference_pnr}` : ''}`,
      );
      for (const s of seats)
        io.out(
          `  seat ${s.seat_name} ${s.seat_type} stops ${s.from_index}-${s.to_index} fare ${(s.fare_minor / 100).toFixed(2)} status ${s.status}${s.active ? '' : ' (inactive)'}`,
        );
      return 0;
    }
    case 'pnr': {
      const [action, pnr] = args;
      if (action !== 'unlock' || !pnr || args.length > 2) throw new ReservationUsageError('usage: pnr unlock <pnr>');
      const done = await services.pnrGuard.unlock(pnr);
      if (done.lockedUntil)
        io.out(`PNR ${done.pnr} unlocked (${done.wrongPins} wrong PIN(s); was locked until ${done.lockedUntil})`);
      else
        io.out(
          `PNR ${done.pnr} is not locked (${done.wrongPins ? `${done.wrongPins} wrong PIN(s) counted, now cleared` : 'no wrong PIN counted'})`,
        );
      return 0;
    }
    case 'delayed-cancels': {
      const { status = 'PENDING' } = flags(
        args,
        ['--status'],
        'usage: delayed-cancels [--status PENDING|APPROVED|REJECTED|ALL]',
      );
      const wanted = status.toUpperCase();
      if (wanted !== 'ALL' && !DELAYED_CANCEL_STATUSES.includes(wanted as DelayedCancelStatus))
        throw new ReservationUsageError('--status must be PENDING, APPROVED, REJECTED or ALL');
      const rows = await services.delayedCancels.list(wanted === 'ALL' ? null : (wanted as DelayedCancelStatus));
      io.out(
        [
          'REQUEST_ID',
          'REQUESTED_AT',
          'STATUS',
          'PNR',
          'RES_STATUS',
          'COMPANY',
          'AGENT',
          'USER',
          'SEATS',
          'REFUND',
          'REASON',
          'REMARKS',
          'DECISION',
        ].join('\t'),
      );
      for (const r of rows) io.out(delayedCancelLine(r));
      return 0;
    }
    case 'delayed-cancel': {
      const [action, id, ...rest] = args;
      if ((action !== 'approve' && action !== 'reject') || !id) throw new ReservationUsageError(DELAYED_CANCEL_USAGE);
      const requestId = positiveInt(id, 'requestId');
      const opts = flags(
        rest,
        action === 'approve' ? ['--employee'] : ['--reason', '--employee'],
        DELAYED_CANCEL_USAGE,
      );
      const employee = opts.employee ?? 'operator';
      if (action === 'reject' && !opts.reason)
        throw new ReservationUsageError('delayed-cancel reject needs --reason <text>');
      const { request: r, changed } =
        action === 'approve'
          ? await services.delayedCancels.approve(requestId, employee)
          : await services.delayedCancels.reject(requestId, employee, opts.reason ?? '');
      const what =
        r.status === 'APPROVED'
          ? `reservation ${r.pnr} cancelled, ${money2(r.refund)} refunded to agent ${r.agentCode ?? '-'}`
          : `reservation ${r.pnr} kept: ${r.decisionRemarks ?? ''}`;
      if (changed) io.out(`delayed-cancel request ${r.id} ${r.status} by ${employee}: ${what}`);
      else
        io.out(
          `delayed-cancel request ${r.id} was already ${r.status} by ${r.decidedBy ?? '?'} at ${r.decidedAt ?? '?'} (${what}); nothing changed`,
        );
      return 0;
    }
    default:
      return null;
  }
}
