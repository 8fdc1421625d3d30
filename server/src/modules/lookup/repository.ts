import type {
  AgentOutlet,
  BusStation,
  City,
  CoachType,
  Country,
  DelayedCancelReason,
  Route,
} from '@agent-portal/contract';
import type { Database } from '../../db/database';

export class LookupRepository {
  constructor(private readonly db: Database) {}

  async countries(): Promise<Country[]> {
    const rows = await this.db
      .selectFrom('countries')
      .select(['id', 'code', 'name', 'dial_code'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, dialCode: r.dial_code }));
  }

  async cities(ids?: number[]): Promise<City[]> {
    if (ids && ids.length === 0) return [];
    let query = this.db.selectFrom('cities').select(['id', 'name', 'name_bn']).orderBy('id');
    if (ids) query = query.where('id', 'in', ids);
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, name: r.name, nameBn: r.name_bn }));
  }

  async companies(ids: readonly number[]): Promise<{ id: number; code: string; name: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('companies')
      .select(['id', 'code', 'name'])
      .where('id', 'in', [...ids])
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
  }

  /** The distinct coach types of a company's active coaches, by name. */
  coachTypes(companyId: number): Promise<CoachType[]> {
    return this.db
      .selectFrom('coach_types as ct')
      .select(['ct.id', 'ct.name'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('coaches as c')
            .select('c.id')
            .whereRef('c.coach_type_id', '=', 'ct.id')
            .where('c.company_id', '=', companyId)
            .where('c.active', '=', 1),
        ),
      )
      .orderBy('ct.name')
      .execute();
  }

  /**
   * Every outlet of an agent, by name. Outlets belong to the agent, not to a
   * company, so the same list serves each of the agent's companies; inactive
   * outlets stay in it because their past sales are still reported. The
   * agentOutlets lookup offers exactly these and the outlet reports accept
   * exactly these (BRANCH_NOT_FOUND otherwise, through ./agent-outlets): one query keeps them agreeing.
   */
  agentOutlets(agentId: number): Promise<AgentOutlet[]> {
    return this.db
      .selectFrom('outlets')
      .select(['id', 'code', 'name'])
      .where('agent_id', '=', agentId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async delayedCancelReasons(): Promise<DelayedCancelReason[]> {
    const rows = await this.db
      .selectFrom('delayed_cancel_reasons')
      .select(['id', 'reason', 'reason_bn'])
      .where('active', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, reason: r.reason, reasonBn: r.reason_bn }));
  }

  /** Stations that are a stop of some active route of the company. */
  async stationsOfCompany(companyId: number, cityId?: number): Promise<BusStation[]> {
    let query = this.db
      .selectFrom('stations as s')
      .innerJoin('cities as c', 'c.id', 's.city_id')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('route_stops as rs')
            .innerJoin('routes as r', 'r.id', 'rs.route_id')
            .whereRef('rs.station_id', '=', 's.id')
            .where('r.company_id', '=', companyId)
            .where('r.active', '=', 1)
            .select('rs.id'),
        ),
      )
      .select(['s.id', 's.name', 's.name_bn', 's.city_id', 'c.name as city_name'])
      .orderBy('c.id')
      .orderBy('s.id');
    if (cityId !== undefined) query = query.where('s.city_id', '=', cityId);
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, name: r.name, nameBn: r.name_bn, cityId: r.city_id, cityName: r.city_name }));
  }

  /** Routes with their ordered stops: of a company, or exactly the given ids. */
  async routes(filter: { companyId: number; routeIds?: number[] }): Promise<Route[]> {
    if (filter.routeIds && filter.routeIds.length === 0) return [];
    let query = this.db
      .selectFrom('routes as r')
      .innerJoin('route_stops as rs', 'rs.route_id', 'r.id')
      .innerJoin('stations as s', 's.id', 'rs.station_id')
      .innerJoin('cities as c', 'c.id', 's.city_id')
      .where('r.company_id', '=', filter.companyId)
      .where('r.active', '=', 1)
      .select([
        'r.id',
        'r.code',
        'r.name',
        'r.company_id',
        's.id as station_id',
        's.name as station_name',
        'c.id as city_id',
        'c.name as city_name',
      ])
      .orderBy('r.id')
      .orderBy('rs.stop_order');
    if (filter.routeIds) query = query.where('r.id', 'in', filter.routeIds);
    const byId = new Map<number, Route>();
    for (const row of await query.execute()) {
      const route = byId.get(row.id) ?? {
        id: row.id,
        code: row.code,
        name: row.name,
        companyId: row.company_id,
        stations: [],
      };
      route.stations.push({
        stationId: row.station_id,
        name: row.station_name,
        cityId: row.city_id,
        cityName: row.city_name,
      });
      byId.set(row.id, route);
    }
    return [...byId.values()];
  }
}
