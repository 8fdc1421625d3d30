/**
 * Operator commands of the selling engine (issue #3): trip states, held
 * seats, trip and reservation listings. cli.ts dispatches here.
 */
import { localDateSchema } from '@agent-portal/contract';
import type { Services } from './services';

export const SELLING_HELP = `  trips [--date yyyy-MM-dd]                trips (id, date, departure, route, coach, state), default today
  trip omit|close|open <tripId>            omit (cancel) a trip, close it for sale, or open it again
  seat admin-book <tripId> <seat> [--from i --to j]
                                           hold a seat as admin booked (status 3); stop indexes default to the whole route
  seat link <tripId> <seat> [--from i --to j]
                                           hold a seat for the linked coach (status 13)
  reservation <pnr>                        a reservation and its seats`;

export class SellingUsageError extends Error {}

interface Io {
  out(line: string): void;
}

function positiveInt(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1) throw new SellingUsageError(`${what} must be a positive number`);
  return Number(value);
}

function stopRange(args: string[]): { from?: number; to?: number } {
  const range: { from?: number; to?: number } = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i];
    const value = args[i + 1];
    if ((flag !== '--from' && flag !== '--to') || value === undefined || !/^\d+$/.test(value)) throw new SellingUsageError('use --from <stop index> --to <stop index>');
    range[flag === '--from' ? 'from' : 'to'] = Number(value);
  }
  return range;
}

/** Runs a selling command; null when `command` is not one of them. */
export async function runSellingCommand(command: string, args: string[], services: Services, io: Io, today: string): Promise<number | null> {
  const ops = services.tripOperator;
  switch (command) {
    case 'trips': {
      let date = today;
      if (args.length) {
        if (args[0] !== '--date' || !localDateSchema.safeParse(args[1]).success) throw new SellingUsageError('usage: trips [--date yyyy-MM-dd]');
        date = args[1] as string;
      }
      const trips = await ops.list(date);
      io.out(['TRIP_ID', 'DATE', 'DEPARTS', 'ROUTE', 'COACH', 'TYPE', 'STATE'].join('\t'));
      for (const trip of trips) {
        io.out([trip.id, trip.tripDate, trip.stops[0]?.time.toISOString() ?? '-', trip.routeName, trip.coachCode, trip.coachType, trip.state].join('\t'));
      }
      return 0;
    }
    case 'trip': {
      const action = args[0];
      const state = action === 'omit' ? 'OMITTED' : action === 'close' ? 'CLOSED' : action === 'open' ? 'OPEN' : null;
      if (!state) throw new SellingUsageError('usage: trip omit|close|open <tripId>');
      const trip = await ops.setState(positiveInt(args[1], 'tripId'), state);
      io.out(`trip ${trip.id} (${trip.coachCode}, ${trip.routeName}, ${trip.tripDate}) is ${state}`);
      return 0;
    }
    case 'seat': {
      const action = args[0];
      if (action !== 'admin-book' && action !== 'link') throw new SellingUsageError('usage: seat admin-book|link <tripId> <seat> [--from i --to j]');
      const tripId = positiveInt(args[1], 'tripId');
      const seat = args[2];
      if (!seat) throw new SellingUsageError('missing seat name');
      const { pnr, pin } = await ops.hold(tripId, seat, action === 'admin-book' ? 3 : 13, stopRange(args.slice(3)));
      io.out(`seat ${seat} of trip ${tripId} ${action === 'admin-book' ? 'admin booked (3)' : 'linked (13)'}: PNR ${pnr} PIN ${pin}`);
      return 0;
    }
    case 'reservation': {
      const pnr = args[0];
      if (!pnr) throw new SellingUsageError('usage: reservation <pnr>');
      const { row, seats } = await ops.reservation(pnr);
      io.out(`PNR ${row.pnr} status ${row.status} kind ${row.kind} trip ${row.trip_id ?? '-'} passenger ${row.passenger_name} ${row.passenger_phone}`);
      io.out(`fare ${(row.fare_minor / 100).toFixed(2)} discount ${(row.discount_minor / 100).toFixed(2)} charged ${(row.charged_minor / 100).toFixed(2)}${row.reference_pnr ? ` from ${row.reference_pnr}` : ''}`);
      for (const s of seats) io.out(`  seat ${s.seat_name} ${s.seat_type} stops ${s.from_index}-${s.to_index} fare ${(s.fare_minor / 100).toFixed(2)} status ${s.status}${s.active ? '' : ' (inactive)'}`);
      return 0;
    }
    default:
      return null;
  }
}
