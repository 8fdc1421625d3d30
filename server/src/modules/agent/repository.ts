import type { Database } from '../../db/database';

/** The agent's per-company sales settings shown on the profile and enforced on sales. */
export class AgentSettingsRepository {
  constructor(private readonly db: Database) {}

  assignedRoutes(agentId: number, companyId: number): Promise<{ id: number; code: string; name: string }[]> {
    return this.db
      .selectFrom('agent_assigned_routes as ar')
      .innerJoin('routes as r', 'r.id', 'ar.route_id')
      .where('ar.agent_id', '=', agentId)
      .where('r.company_id', '=', companyId)
      .where('r.active', '=', 1)
      .select(['r.id', 'r.code', 'r.name'])
      .orderBy('r.id')
      .execute();
  }

  routeCommissions(agentId: number, companyId: number) {
    return this.db
      .selectFrom('agent_route_commissions as c')
      .innerJoin('routes as r', 'r.id', 'c.route_id')
      .where('c.agent_id', '=', agentId)
      .where('r.company_id', '=', companyId)
      .select(['r.id as routeId', 'r.name as routeName', 'c.commission_type', 'c.value_hundredths'])
      .orderBy('r.id')
      .execute();
  }

  coachSeatLimits(agentId: number, companyId: number) {
    return this.db
      .selectFrom('agent_coach_seat_limits as l')
      .innerJoin('coach_types as t', 't.id', 'l.coach_type_id')
      .where('l.agent_id', '=', agentId)
      .where('l.company_id', '=', companyId)
      .select(['t.name as coachType', 'l.seat_limit'])
      .orderBy('t.id')
      .execute();
  }

  barredCoaches(agentId: number, companyId: number) {
    return this.db
      .selectFrom('agent_barred_coaches as b')
      .innerJoin('coaches as c', 'c.id', 'b.coach_id')
      .where('b.agent_id', '=', agentId)
      .where('c.company_id', '=', companyId)
      .select(['c.code as coachCode', 'b.reason'])
      .orderBy('c.code')
      .execute();
  }

  barredOrigins(agentId: number, companyId: number) {
    return this.db
      .selectFrom('agent_barred_origins as b')
      .innerJoin('stations as s', 's.id', 'b.station_id')
      .innerJoin('cities as c', 'c.id', 's.city_id')
      .where('b.agent_id', '=', agentId)
      .where('b.company_id', '=', companyId)
      .select(['s.id as stationId', 's.name as stationName', 'c.name as cityName'])
      .orderBy('s.id')
      .execute();
  }
}
