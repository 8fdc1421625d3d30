import type { Profile } from '@agent-portal/contract';
import type { Units } from '../../db/units';
import { fromHundredths } from '../../lib/money';
import { AgentSettingsRepository } from './repository';

export type AgentSettings = Pick<
  Profile,
  'coachSeatLimits' | 'assignedRoutes' | 'routeCommissions' | 'barredCoaches' | 'barredOrigins'
>;

export class AgentSettingsService {
  constructor(private readonly units: Units) {}

  async assignedRouteIds(agentId: number, companyId: number): Promise<number[]> {
    return (await this.units.read((r) => r.repo(AgentSettingsRepository).assignedRoutes(agentId, companyId))).map(
      (r) => r.id,
    );
  }

  async settings(agentId: number, companyId: number): Promise<AgentSettings> {
    const [limits, routes, commissions, coaches, origins] = await Promise.all([
      this.units.read((r) => r.repo(AgentSettingsRepository).coachSeatLimits(agentId, companyId)),
      this.units.read((r) => r.repo(AgentSettingsRepository).assignedRoutes(agentId, companyId)),
      this.units.read((r) => r.repo(AgentSettingsRepository).routeCommissions(agentId, companyId)),
      this.units.read((r) => r.repo(AgentSettingsRepository).barredCoaches(agentId, companyId)),
      this.units.read((r) => r.repo(AgentSettingsRepository).barredOrigins(agentId, companyId)),
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
