import { ReservationStatus, type UnprintedTicket, type unprintedPageSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Units } from '../../db/units';
import type { Clock } from '../../lib/clock';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { UnprintedRepository } from './repository';

type UnprintedPage = z.infer<typeof unprintedPageSchema>;

/** Sold and open tickets are what a passenger carries; bookings are printed once confirmed. */
const PRINTABLE = [ReservationStatus.SOLD, ReservationStatus.OPEN];

/**
 * The agent's tickets never printed: print_count stays 0 until the first
 * savePrintAction, so a partial index of those rows answers the list. A
 * ticket whose coach has left its boarding point (by the server's clock) is
 * left out unless asked for: nobody boards with it any more, and a counter's
 * list would otherwise fill up with yesterday's. An open ticket has no
 * coach and is never left out.
 */
export class UnprintedService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {}

  async list(
    principal: Principal,
    q: { companyId: number; page: number; pageSize: number; includeDeparted?: boolean | undefined },
  ): Promise<UnprintedPage> {
    const now = this.clock.now().toISOString();
    const filter = {
      agentId: principal.agentId,
      companyId: q.companyId,
      statuses: PRINTABLE,
      includeDeparted: Boolean(q.includeDeparted),
      now,
    };
    const total = await this.units.read((r) => r.repo(UnprintedRepository).count(filter));
    const window = pageWindow(q.page, q.pageSize, total);
    if (!window) return { items: [], page: q.page, pageSize: q.pageSize, total };
    const direction = window.reversed ? 'asc' : 'desc';
    const rows = await this.units.read((r) => r.repo(UnprintedRepository).page(filter, direction, window));
    if (window.reversed) rows.reverse();
    const seats = rows.length
      ? await this.units.read((r) => r.repo(UnprintedRepository).activeSeats(rows.map((r) => r.id)))
      : [];
    const items: UnprintedTicket[] = rows.map((r) => ({
      pnr: r.pnr,
      status: r.status as UnprintedTicket['status'],
      tripDate: r.trip_date,
      coachCode: r.coach_code,
      routeName: r.route_name,
      origin: r.origin,
      destination: r.destination,
      boardingTime: r.boarding_time,
      seats: seats.filter((s) => s.reservation_id === r.id).map((s) => s.seat_name),
      passengerName: r.passenger_name,
      passengerPhone: r.passenger_phone,
      totalFare: fromMinor(r.fare_minor - r.discount_minor),
      reservationTime: r.created_at,
      agentUser: r.username ?? '',
    }));
    return { items, page: q.page, pageSize: q.pageSize, total };
  }
}
