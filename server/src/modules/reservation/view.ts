import {
  ReservationStatus,
  type Reservation,
  type ReservationStatus as Status,
  type SeatType,
} from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Reader } from '../../db/units';
import { allowedActions } from '../../domain/ticket-actions';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor } from '../../lib/money';
import { TtlCache } from '../../lib/ttl-cache';
import type { TripService } from '../trip/service';
import type { TripContext } from '../trip/types';
import { fineBoardingIndex, quoteCancel, termsOf } from './fines';
import { ReservationRepository } from './repository';
import type { ReservationRow, ReservationSeatRow } from './rows';

/** The seats an answer totals: the active ones, or all of them once none is active. */
export function countedSeats(seats: readonly ReservationSeatRow[]): ReservationSeatRow[] {
  const active = seats.filter((s) => s.active === 1);
  return active.length ? active : [...seats];
}

/** Maps stored rows to the contract's reservation answer (fine, return amount, allowed actions). */
export class ReservationView {
  /** Company, route, station, outlet and user names: operator data, read on every answer. */
  private readonly names = new TtlCache<string, Awaited<ReturnType<ReservationRepository['names']>>>(60_000);

  constructor(
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly trips: TripService,
  ) {}

  boardingTime(trip: TripContext | null, r: ReservationRow): Date | null {
    return trip?.stops[r.from_index]?.time ?? null;
  }

  /**
   * The answer for `r`, read with `reader` (inside a unit, the unit; outside, Units.read's). `preloaded`: the seats
   * and trip the caller already holds (a sale just wrote them), saving two reads.
   */
  async build(
    reader: Reader,
    r: ReservationRow,
    principal: Principal,
    extra: {
      pin?: string;
      verified?: boolean;
      preloaded?: { seats: ReservationSeatRow[]; trip: TripContext | null };
    } = {},
  ): Promise<Reservation> {
    const repo = reader.repo(ReservationRepository);
    const [seats, trip, names] = await Promise.all([
      extra.preloaded?.seats ?? repo.seats(r.id),
      extra.preloaded
        ? extra.preloaded.trip
        : r.trip_id === null
          ? Promise.resolve(null)
          : this.trips.getIn(reader, r.trip_id),
      this.names.get(
        [r.company_id, r.route_id, r.origin_station_id, r.destination_station_id, r.outlet_id, r.user_id].join('/'),
        () => repo.names(r),
      ),
    ]);
    const counted = countedSeats(seats);
    const fare = counted.reduce((s, x) => s + x.fare_minor, 0);
    const discount = counted.reduce((s, x) => s + x.discount_minor, 0);
    const boarding = this.boardingTime(trip, r);
    const arrival = trip?.stops[r.to_index]?.time ?? null;
    const sold = r.status === ReservationStatus.SOLD && trip !== null;
    const bands = this.config.sales.fineBands;
    // Timed from the stop it was sold from, even if its boarding point moved later (fines.ts).
    const fineBoarding = trip?.stops[fineBoardingIndex(r)]?.time ?? boarding;
    // The ticket's own terms (fines.ts termsOf): a migrated ticket's fine is never under its source's.
    const quote = sold ? quoteCancel(counted, fineBoarding, this.clock.now(), bands, termsOf(r)) : null;
    const station = (id: number) => {
      const s = names.stations.find((x) => x.id === id);
      if (!s) throw new AppError('STATION_NOT_FOUND', { stationId: id });
      return { stationId: s.id, name: s.name, nameBn: s.name_bn, cityName: s.city_name, cityNameBn: s.city_name_bn };
    };
    const answer: Reservation = {
      pnr: r.pnr,
      referencePnr: r.reference_pnr,
      status: r.status as Status,
      companyId: r.company_id,
      companyName: names.company,
      companyNameBn: names.companyBn,
      tripId: r.trip_id,
      coachCode: trip?.coachCode ?? null,
      coachType: trip?.coachType ?? null,
      routeId: r.route_id,
      routeName: names.route,
      tripDate: trip?.tripDate ?? null,
      origin: station(r.origin_station_id),
      destination: station(r.destination_station_id),
      boardingTime: boarding?.toISOString() ?? null,
      reportingTime: boarding ? this.trips.reportingTime(boarding).toISOString() : null,
      arrivalTime: arrival?.toISOString() ?? null,
      reservationTime: r.created_at,
      expirationTime: r.status === ReservationStatus.BOOKED ? r.expires_at : null,
      seats: seats.map((s) => ({
        name: s.seat_name,
        seatType: s.seat_type as SeatType,
        fare: fromMinor(s.fare_minor),
        discount: fromMinor(s.discount_minor),
        status: s.status as Status,
      })),
      fare: fromMinor(fare),
      discount: fromMinor(discount),
      fine: fromMinor(quote?.fineMinor ?? 0),
      returnAmount: fromMinor(quote?.returnMinor ?? 0),
      totalFare: fromMinor(fare - discount),
      passenger: {
        name: r.passenger_name,
        phone: r.passenger_phone,
        countryCode: r.passenger_country,
        email: r.passenger_email,
        remarks: r.passenger_remarks,
      },
      verified: extra.verified ?? false,
      outlet: names.outlet,
      agentUser: names.user,
      printCount: r.print_count,
      allowedActions: allowedActions(r.status, principal.permissions),
    };
    if (extra.pin !== undefined) answer.pin = extra.pin;
    return answer;
  }
}
