import type { Database } from '../../db/database';
import { write } from '../../db/precompiled';
import { HOLDING_STATUSES } from '../reservation/fines';

/** Whose memory a passenger goes into: one agent in one company (the key of every row here). */
export interface PassengerOwner {
  agentId: number;
  companyId: number;
}

/** A passenger as an agent's memory keeps it (the phone canonical). */
export interface KnownPassenger {
  phone: string;
  countryCode: string;
  name: string;
  email: string | null;
}

/** A seat of the trip's boarding chart. */
export interface ManifestRow {
  seat_name: string;
  pnr: string;
  status: number;
  passenger_name: string;
  passenger_phone: string;
  from_index: number;
  to_index: number;
  outlet: string | null;
}

/** Passenger memory (known_passengers) and the trip manifest's rows. */
export class PassengerRepository {
  constructor(private readonly db: Database) {}

  async find(owner: PassengerOwner, phone: string): Promise<KnownPassenger | null> {
    const row = await this.db
      .selectFrom('known_passengers')
      .selectAll()
      .where('company_id', '=', owner.companyId)
      .where('agent_id', '=', owner.agentId)
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row ? { phone: row.phone, countryCode: row.country_code, name: row.name, email: row.email } : null;
  }

  /**
   * Insert or update the owner's memory of `p.phone`. Every sale runs this: SQL made once (db/precompiled.ts), not
   * built per call.
   */
  async upsert(owner: PassengerOwner, p: KnownPassenger, at: string): Promise<void> {
    await write(
      this.db,
      'insert into known_passengers (company_id, agent_id, phone, country_code, name, email, updated_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (company_id, agent_id, phone) do update set country_code = excluded.country_code, name = excluded.name, email = excluded.email, updated_at = excluded.updated_at',
      [owner.companyId, owner.agentId, p.phone, p.countryCode, p.name, p.email, at],
    );
  }

  /** The seats the agent's active reservations (holding statuses) hold on a trip, by seat name. */
  async manifest(tripId: number, agentId: number): Promise<ManifestRow[]> {
    return this.db
      .selectFrom('reservation_seats as rs')
      .innerJoin('reservations as r', 'r.id', 'rs.reservation_id')
      .leftJoin('outlets as o', 'o.id', 'r.outlet_id')
      .select([
        'rs.seat_name',
        'r.pnr',
        'rs.status',
        'r.passenger_name',
        'r.passenger_phone',
        'r.from_index',
        'r.to_index',
        'o.name as outlet',
      ])
      .where('rs.trip_id', '=', tripId)
      .where('rs.active', '=', 1)
      .where('r.status', 'in', [...HOLDING_STATUSES])
      .where('r.agent_id', '=', agentId)
      .orderBy('rs.seat_name')
      .execute();
  }
}
