import type { ReservationStatus } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/precompiled';
import type { Clock } from '../../lib/clock';
import { canonicalPhoneOrFieldError } from '../../lib/phone';
import { AppError } from '../../http/app-error';
import { assertCompany } from '../../http/guards';
import type { Principal } from '../../http/principal';
import { HOLDING_STATUSES } from '../reservation/fines';
import type { TripService } from '../trip/service';

/** Whose memory a passenger goes into: one agent in one company. */
export interface PassengerOwner {
  agentId: number;
  companyId: number;
}

export interface PassengerInput {
  phone: string;
  countryCode: string;
  name: string;
  email?: string | undefined;
}

/** Known passengers (per company and agent: phone -> name, email, country) and a trip's manifest. */
export class PassengerService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly trips: TripService,
  ) {}

  /** What the caller's own agent last sold to this phone in this company (another agent's passengers are not theirs). */
  async find(principal: Principal, companyId: number, phone: string) {
    assertCompany(principal, companyId);
    const row = await this.db
      .selectFrom('known_passengers')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('agent_id', '=', principal.agentId)
      .where('phone', '=', canonicalPhoneOrFieldError(phone, 'phone'))
      .executeTakeFirst();
    return row ? { phone: row.phone, countryCode: row.country_code, name: row.name, email: row.email } : null;
  }

  /** Remembers the passenger of a sale for the selling agent in the sale's company, inside its transaction. */
  async remember(trx: Database, owner: PassengerOwner, p: PassengerInput): Promise<void> {
    const now = this.clock.now().toISOString();
    const email = p.email ? p.email : null;
    // Every sale runs this: SQL made once (db/precompiled.ts), not built per call.
    await queryRows(
      trx,
      'insert into known_passengers (company_id, agent_id, phone, country_code, name, email, updated_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (company_id, agent_id, phone) do update set country_code = excluded.country_code, name = excluded.name, email = excluded.email, updated_at = excluded.updated_at',
      [owner.companyId, owner.agentId, canonicalPhoneOrFieldError(p.phone, 'passenger.phone'), p.countryCode, p.name, email, now],
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
    const rows = await this.db
      .selectFrom('reservation_seats as rs')
      .innerJoin('reservations as r', 'r.id', 'rs.reservation_id')
      .leftJoin('outlets as o', 'o.id', 'r.outlet_id')
      .select(['rs.seat_name', 'r.pnr', 'rs.status', 'r.passenger_name', 'r.passenger_phone', 'r.from_index', 'r.to_index', 'o.name as outlet'])
      .where('rs.trip_id', '=', tripId)
      .where('rs.active', '=', 1)
      .where('r.status', 'in', [...HOLDING_STATUSES])
      .where('r.agent_id', '=', principal.agentId)
      .orderBy('rs.seat_name')
      .execute();
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
