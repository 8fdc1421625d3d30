import type { ReservationStatus } from '@agent-portal/contract';
import type { Unit, Units } from '../../db/units';
import type { Clock } from '../../lib/clock';
import { canonicalPhoneOrFieldError } from '../../lib/phone';
import { AppError } from '../../http/app-error';
import { assertCompany } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { TripService } from '../trip/service';
import { PassengerRepository, type PassengerOwner } from './repository';

export interface PassengerInput {
  phone: string;
  countryCode: string;
  name: string;
  email?: string | undefined;
}

/** Known passengers (per company and agent: phone -> name, email, country) and a trip's manifest. */
export class PassengerService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly trips: TripService,
  ) {}

  /**
   * What the caller's own agent last sold to this phone in this company (another agent's passengers are not theirs).
   */
  async find(principal: Principal, companyId: number, phone: string) {
    assertCompany(principal, companyId);
    const owner = { agentId: principal.agentId, companyId };
    const canonical = canonicalPhoneOrFieldError(phone, 'phone');
    return this.units.read((r) => r.repo(PassengerRepository).find(owner, canonical));
  }

  /** Remembers the passenger of a sale for the selling agent in the sale's company, inside its unit (deferred). */
  async remember(uow: Unit, owner: PassengerOwner, p: PassengerInput): Promise<void> {
    const now = this.clock.now().toISOString();
    const email = p.email ? p.email : null;
    await uow.repo(PassengerRepository).upsert(
      owner,
      {
        phone: canonicalPhoneOrFieldError(p.phone, 'passenger.phone'),
        countryCode: p.countryCode,
        name: p.name,
        email,
      },
      now,
    );
  }

  /**
   * The trip's boarding chart as the caller may see it: the seats held by
   * their own agent's active reservations (other agents' passengers are
   * theirs: RESERVATION_NOT_ACCESSIBLE applies to them).
   */
  async manifest(principal: Principal, tripId: number) {
    const trip = await this.trips.get(tripId);
    assertCompany(principal, trip.companyId);
    const rows = await this.units.read((r) => r.repo(PassengerRepository).manifest(tripId, principal.agentId));
    const stopName = (i: number) => {
      const s = trip.stops[i];
      if (!s) throw new AppError('STATION_NOT_FOUND');
      return s.name;
    };
    return rows.map((r) => ({
      seat: r.seat_name,
      pnr: r.pnr,
      status: r.status as ReservationStatus,
      name: r.passenger_name,
      phone: r.passenger_phone,
      boarding: stopName(r.from_index),
      dropping: stopName(r.to_index),
      outlet: r.outlet ?? '',
    }));
  }
}
