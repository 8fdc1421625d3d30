import type { Database } from '../../db/database';

/** The names a report shows beside its figures: its header (company, agent, outlet) and who made each row. */
export class NamesRepository {
  constructor(private readonly db: Database) {}

  async usernames(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  /** The header's names; company undefined when there is no such company. */
  async headerNames(
    companyId: number,
    agentId: number,
    outletId: number | null,
  ): Promise<{ company: string | undefined; agent: string | undefined; outlet: string | undefined }> {
    const [company, agent, outlet] = await Promise.all([
      this.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst(),
      this.db.selectFrom('agents').select('name').where('id', '=', agentId).executeTakeFirst(),
      outletId === null
        ? undefined
        : this.db.selectFrom('outlets').select('name').where('id', '=', outletId).executeTakeFirst(),
    ]);
    return { company: company?.name, agent: agent?.name, outlet: outlet?.name };
  }
}
