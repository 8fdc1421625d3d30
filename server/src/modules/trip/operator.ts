import { seatsOf } from '../../domain/seat-layouts';
import { segmentsOverlap } from '../../domain/segments';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { hashPin, newPin, newPnr } from '../../lib/secrets';
import type { TripState } from '../../db/schema-reservations';
import type { ReservationRecords } from '../reservation/records';
import { TripRepository } from './repository';
import { fareFor, layoutOf, type TripService } from './service';
import type { Units } from '../../db/units';
import type { LiveBus } from '../../db/live-bus';
import { raiseSeats } from '../live/raise';

/**
 * What the operator does to trips from the command line: change a trip's
 * state, hold seats as admin booked (3) or linked (13). Held seats go
 * through the same write transaction and overlap check as a sale.
 */
export class TripOperatorService {
  constructor(
    private readonly units: Units,
    /** Live events (issue #35): the database's bus, raised in the units that take seats. */
    private readonly live: LiveBus,
    private readonly clock: Clock,
    private readonly trips: TripService,
    /** The reservation module's port: an operator's hold is a reservation. */
    private readonly records: ReservationRecords,
  ) {}

  async setState(tripId: number, state: TripState) {
    const trip = await this.trips.get(tripId);
    await this.units.run((uow) => uow.repo(TripRepository).setState(trip.id, state));
    return { ...trip, state };
  }

  list(tripDate?: string) {
    return this.units.read((r) => r.repo(TripRepository).list(tripDate ? { tripDate } : {}));
  }

  async hold(
    tripId: number,
    seatName: string,
    status: 3 | 13,
    range: { from?: number; to?: number } = {},
  ): Promise<{ pnr: string; pin: string }> {
    const trip = await this.trips.get(tripId);
    const seat = seatsOf(layoutOf(trip)).find((s) => s.name === seatName);
    if (!seat) throw new AppError('SEAT_NOT_FOUND', { seats: [seatName] });
    const segment = { fromIndex: range.from ?? 0, toIndex: range.to ?? trip.stops.length - 1 };
    const origin = trip.stops[segment.fromIndex];
    const destination = trip.stops[segment.toIndex];
    if (!origin || !destination || segment.fromIndex >= segment.toIndex)
      throw new AppError('VALIDATION_FAILED', {
        fields: { from: `stop indexes 0..${trip.stops.length - 1}, from < to` },
      });
    const fare = fareFor(await this.trips.fares(trip), segment, seat.seatType) ?? 0;
    const pin = newPin();
    const pnr = newPnr();
    const nowIso = this.clock.now().toISOString();
    await this.units.run(async (uow) => {
      await uow.lockRow('trips', trip.id);
      const taken = (await uow.repo(TripRepository).occupied(trip.id, [seatName])).some((o) =>
        segmentsOverlap(o, segment),
      );
      if (taken) throw new AppError('SEAT_UNAVAILABLE', { seats: [seatName] });
      await this.records.insertHold(uow, {
        pnr,
        pinHash: hashPin(pin),
        status,
        trip,
        segment,
        originStationId: origin.stationId,
        destinationStationId: destination.stationId,
        seatName,
        seatType: seat.seatType,
        fareMinor: fare,
        at: nowIso,
      });
      // Live seat maps (issue #35): the operator's hold takes the seat.
      await raiseSeats(this.live, uow, trip.id, [
        { names: [seatName], segment, state: status === 3 ? 'ADMIN_BOOKED' : 'LINKED' },
      ]);
    });
    return { pnr, pin };
  }

  async reservation(pnr: string) {
    const found = await this.records.withSeats(pnr.trim().toUpperCase());
    if (!found) throw new AppError('RESERVATION_NOT_FOUND', { pnr });
    return found;
  }
}
