import { TtlCache } from '../../lib/ttl-cache';
import type { AgentSettings, AgentSettingsService } from './service';

export type AgentSettingsSource = Pick<AgentSettingsService, 'settings' | 'assignedRouteIds'>;

/**
 * The agent's sales settings for the selling hot path, remembered for a few
 * seconds: every lock and sale checks them, and only the operator changes
 * them (a change applies within the TTL).
 */
export class CachedAgentSettings implements AgentSettingsSource {
  private readonly cache: TtlCache<string, AgentSettings>;

  constructor(
    private readonly source: AgentSettingsService,
    ttlMs = 5_000,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  settings(agentId: number, companyId: number): Promise<AgentSettings> {
    return this.cache.get(`${agentId}/${companyId}`, () => this.source.settings(agentId, companyId));
  }

  async assignedRouteIds(agentId: number, companyId: number): Promise<number[]> {
    return (await this.settings(agentId, companyId)).assignedRoutes.map((r) => r.id);
  }
}
