import type { AgentOutlet } from '@agent-portal/contract';
import type { Database } from '../../db/database';

/**
 * Every outlet of an agent, by name. Outlets belong to the agent, not to a
 * company, so the same list serves each of the agent's companies; inactive
 * outlets stay in it because their past sales are still reported. The
 * agentOutlets lookup offers exactly these and the outlet reports accept
 * exactly these (BRANCH_NOT_FOUND otherwise): one query keeps them agreeing.
 */
export function agentOutlets(db: Database, agentId: number): Promise<AgentOutlet[]> {
  return db
    .selectFrom('outlets')
    .select(['id', 'code', 'name'])
    .where('agent_id', '=', agentId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
