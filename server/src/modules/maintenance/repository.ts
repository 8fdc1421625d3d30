import type { Database } from '../../db/database';

/** The server's settings rows (server_settings): one per key, such as the maintenance switch. */
export class MaintenanceRepository {
  constructor(private readonly db: Database) {}

  /** A setting's stored value, message and time of change, or undefined when it is not set. */
  setting(key: string) {
    return this.db
      .selectFrom('server_settings')
      .select(['value', 'message', 'updated_at'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Stores a setting (inserted, or the existing row's value, message and time replaced). */
  async put(key: string, value: string, message: string | null, at: string): Promise<void> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value, message, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, message, updated_at: at }))
      .execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('server_settings').where('key', '=', key).execute();
  }
}
