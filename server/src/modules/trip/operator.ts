import { ReservationStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { seatsOf } from '../../domain/seat-layouts';
import { segmentsOverlap } from '../../domain/segments';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { hashPin, newPin, newPnr } from '../../lib/secrets';
import type { TripState } from '../../db/schema-selling';
import { fareFor, layoutOf, type TripService } from './service';

/**
 * What the operator does to trips from the command line: change a trip's
 * state, hold seats as admin booked (3) or linked (13). Held seats go
 * through the same write transaction and overlap check as a sale.
 */
export class TripOperatorService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly trips: TripService,
  ) {}

  async setState(tripId: number, state: TripState) {
    const trip = await this.trips.get(tripId);
    await this.trips.repo.setState(trip.id, state);
    return { ...trip, state };
  }

  list(tripDate?: string) {
    return this.trips.repo.list(tripDate ? { tripDate } : {});
  }

  async hold(tripId: number, seatName: string, status: 3 | 13, range: { from?: number; to?: number } = {}): Promise<{ pnr: string; pin: string }> {
    const trip = await this.trips.get(tripId);
    const seat = seatsOf(layoutOf(trip)).find((s) => s.name === seatName);
    if (!seat) throw new AppError('SEAT_NOT_FOUND', { seats: [seatName] });
    const segment = { fromIndex: range.from ?? 0, toIndex: range.to ?? trip.stops.length - 1 };
    const origin = trip.stops[segment.fromIndex];
    const destination = trip.stops[segment.toIndex];
    if (!origin || !destination || segment.fromIndex >= segment.toIndex) throw new AppError('VALIDATION_FAILED', { fields: { from: `stop indexes 0..${trip.stops.length - 1}, from < to` } });
    const fare = fareFor(await this.trips.fares(trip), segment, seat.seatType) ?? 0;
    const pin = newPin();
    const pnr = newPnr();
    const nowIso = this.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const taken = (await this.trips.repo.occupied(trip.id, trx, [seatName])).some((o) => segmentsOverlap(o, segment));
      if (taken) throw new AppError('SEAT_UNAVAILABLE', { seats: [seatName] });
      const { id } = await trx
        .insertInto('reservations')
        .values({
          pnr,
          pin_hash: hashPin(pin),
          status,
          kind: status === ReservationStatus.ADMIN_BOOKED ? 'ADMIN_BOOK' : 'LINK',
          company_id: trip.companyId,
          trip_id: trip.id,
          route_id: trip.routeId,
          from_index: segment.fromIndex,
          to_index: segment.toIndex,
          origin_station_id: origin.stationId,
          destination_station_id: destination.stationId,
          passenger_name: status === ReservationStatus.ADMIN_BOOKED ? 'Operator hold' : 'Linked coach passenger',
          passenger_phone: '',
          passenger_country: 'BD',
          passenger_email: null,
          passenger_remarks: null,
          agent_id: null,
          outlet_id: null,
          user_id: null,
          fare_minor: fare,
          reference_pnr: null,
          coupon_id: null,
          expires_at: null,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('reservation_seats')
        .values({ reservation_id: id, trip_id: trip.id, seat_name: seatName, seat_type: seat.seatType, from_index: segment.fromIndex, to_index: segment.toIndex, fare_minor: fare, status })
        .execute();
      await trx.insertInto('reservation_events').values({ reservation_id: id, action: status === 3 ? 'ADMIN_BOOKED' : 'LINKED', user_id: null, outlet_id: null, amount_minor: null, remarks: 'by the operator', created_at: nowIso }).execute();
    });
    return { pnr, pin };
  }

  async reservation(pnr: string) {
    const row = await this.db.selectFrom('reservations').selectAll().where('pnr', '=', pnr.trim().toUpperCase()).executeTakeFirst();
    if (!row) throw new AppError('RESERVATION_NOT_FOUND', { pnr });
    const seats = await this.db.selectFrom('reservation_seats').selectAll().where('reservation_id', '=', row.id).execute();
    return { row, seats };
  }
}
