import type { AgentOutlet } from '@agent-portal/contract';
import type { Database } from '../../db/database';
import { LookupRepository } from './repository';

/**
 * Every outlet of an agent, by name: the port the outlet reports use (another module does not import lookup's
 * repository), the same query the agentOutlets lookup answers with (LookupRepository.agentOutlets), so the outlets
 * the picker offers and the ones the reports accept (BRANCH_NOT_FOUND otherwise) agree.
 */
export class AgentOutlets {
  private readonly repo: LookupRepository;

  constructor(db: Database) {
    this.repo = new LookupRepository(db);
  }

  of(agentId: number): Promise<AgentOutlet[]> {
    return this.repo.agentOutlets(agentId);
  }
}
