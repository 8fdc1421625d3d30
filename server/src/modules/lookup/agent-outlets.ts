import type { AgentOutlet } from '@agent-portal/contract';
import type { Units } from '../../db/units';
import { LookupRepository } from './repository';

/**
 * Every outlet of an agent, by name: the port the outlet reports use (another module does not import lookup's
 * repository), the same query the agentOutlets lookup answers with (LookupRepository.agentOutlets), so the outlets
 * the picker offers and the ones the reports accept (BRANCH_NOT_FOUND otherwise) agree.
 */
export class AgentOutlets {
  constructor(private readonly units: Units) {}

  of(agentId: number): Promise<AgentOutlet[]> {
    return this.units.read((r) => r.repo(LookupRepository).agentOutlets(agentId));
  }
}
