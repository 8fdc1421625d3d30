import type { Insertable } from 'kysely';
import { sqliteOf, type Database } from '../../db/database';
import { engineOf } from '../../db/engine';
import { queryRows } from '../../db/precompiled';
import type { SessionRow, SessionsTable } from '../../db/schema';
import { FreshRead } from '../../lib/fresh-read';

export class SessionRepository {
  constructor(private readonly db: Database) {}

  /**
   * How to read the authentication epoch (migration 0005), once per request.
   * On SQLite a synchronous read on the connection, a microsecond; on
   * PostgreSQL one indexed round trip (the triggers keep it exact across
   * every server process on the database), shared by the requests that ask
   * while one is under way but never begun before a request asked
   * (lib/fresh-read.ts): a logout or a deactivation still refuses the very
   * next request, and 50 busy counters cost a read or two at a time, not 50.
   */
  epochReader(): () => number | undefined | Promise<number | undefined> {
    const EPOCH = 'select epoch from auth_epoch where id = 1';
    if (engineOf(this.db) === 'postgres') {
      const shared = new FreshRead(async () => (await queryRows<{ epoch: number }>(this.db, EPOCH, []))[0]?.epoch);
      return () => shared.read();
    }
    const sqlite = sqliteOf(this.db);
    let statement: ReturnType<typeof sqlite.prepare<[], { epoch: number }>> | null = null;
    return () => {
      try {
        statement ??= sqlite.prepare<[], { epoch: number }>(EPOCH);
        return statement.get()?.epoch;
      } catch (error) {
        // A database being reset: prepare again next time.
        statement = null;
        throw error;
      }
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
