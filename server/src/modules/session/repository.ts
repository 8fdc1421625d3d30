import type { Insertable } from 'kysely';
import type { Database } from '../../db/database';
import { firstRead } from '../../db/row-lock';
import type { SessionRow, SessionsTable } from '../../db/schema';

export class SessionRepository {
  constructor(private readonly db: Database) {}

  /**
   * How to read the authentication epoch (migration 0005), once per request: as cheaply as the engine allows, never
   * older than the request (db/row-lock.ts firstRead; on PostgreSQL the triggers keep it exact across every server
   * process on the database): a logout or a deactivation still refuses the very next request.
   */
  epochReader(): () => number | undefined | Promise<number | undefined> {
    const read = firstRead<{ epoch: number }>(this.db, 'select epoch from auth_epoch where id = 1');
    return () => {
      const row = read();
      return row instanceof Promise ? row.then((r) => r?.epoch) : row?.epoch;
    };
  }

  async insert(row: Insertable<SessionsTable>): Promise<number> {
    const result = await this.db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow();
    return result.id;
  }

  /** The session of a token, open or ended (an ended one still says why it ended). */
  findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** The sessions of `ids` as stored (live streams check theirs are still open: modules/live). */
  async states(ids: readonly number[]): Promise<
    {
      id: number;
      ended_at: string | null;
      end_reason: string | null;
      created_at: string;
      last_seen_at: string;
      remember: number;
    }[]
  > {
    if (!ids.length) return [];
    return this.db
      .selectFrom('sessions')
      .select(['id', 'ended_at', 'end_reason', 'created_at', 'last_seen_at', 'remember'])
      .where('id', 'in', [...ids])
      .execute();
  }

  async touch(id: number, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async end(id: number, at: string, reason: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ ended_at: at, end_reason: reason })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  async endForUsers(userIds: number[], at: string, reason: string, exceptId?: number): Promise<number> {
    if (userIds.length === 0) return 0;
    let query = this.db
      .updateTable('sessions')
      .set({ ended_at: at, end_reason: reason })
      .where('user_id', 'in', userIds)
      .where('ended_at', 'is', null);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async endForDevice(deviceId: string, at: string, reason: string): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ ended_at: at, end_reason: reason })
      .where('device_id', '=', deviceId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async userIdsOfOutlet(outletId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('outlet_id', '=', outletId).execute();
    return rows.map((r) => r.id);
  }

  async userIdsOfAgent(agentId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('agent_id', '=', agentId).execute();
    return rows.map((r) => r.id);
  }

  async hasSessionFrom(userId: number, clientAddress: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_address', '=', clientAddress)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countOpen(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
