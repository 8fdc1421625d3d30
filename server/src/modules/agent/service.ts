import type { Profile } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { fromHundredths } from '../../lib/money';
import { AgentSettingsRepository } from './repository';

export type AgentSettings = Pick<
  Profile,
  'coachSeatLimits' | 'assignedRoutes' | 'routeCommissions' | 'barredCoaches' | 'barredOrigins'
>;

export class AgentSettingsService {
  private readonly repo: AgentSettingsRepository;

  constructor(db: Database) {
    this.repo = new AgentSettingsRepository(db);
  }

  async assignedRouteIds(agentId: number, companyId: number): Promise<number[]> {
    return (await this.repo.assignedRoutes(agentId, companyId)).map((r) => r.id);
  }

  async settings(agentId: number, companyId: number): Promise<AgentSettings> {
    const [limits, routes, commissions, coaches, origins] = await Promise.all([
      this.repo.coachSeatLimits(agentId, companyId),
      this.repo.assignedRoutes(agentId, companyId),
      this.repo.routeCommissions(agentId, companyId),
      this.repo.barredCoaches(agentId, companyId),
      this.repo.barredOrigins(agentId, companyId),
    ]);
    return {
      coachSeatLimits: limits.map((l) => ({ coachType: l.coachType, limit: l.seat_limit })),
      assignedRoutes: routes,
      routeCommissions: commissions.map((c) => ({
        routeId: c.routeId,
        routeName: c.routeName,
        type: c.commission_type,
        value: fromHundredths(c.value_hundredths),
      })),
      barredCoaches: coaches.map((c) => ({ coachCode: c.coachCode, reason: c.reason })),
      barredOrigins: origins,
    };
  }
}
