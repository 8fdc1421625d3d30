import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/schema';

export class DeviceRepository {
  constructor(private readonly db: Database) {}

  findByDeviceId(deviceId: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
  }

  listAll(): Promise<DeviceRow[]> {
    return this.db.selectFrom('devices').selectAll().orderBy('id').execute();
  }

  /** Inserts unless the device exists (a racing second registration keeps the first). */
  async insertIfAbsent(row: Omit<DeviceRow, 'id'>): Promise<void> {
    await this.db.insertInto('devices').values(row).onConflict((oc) => oc.column('device_id').doNothing()).execute();
  }

  async update(deviceId: string, changes: Partial<Pick<DeviceRow, 'status' | 'licence_key' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('devices').set(changes).where('device_id', '=', deviceId).execute();
  }

  async licenceKeyExists(key: string): Promise<boolean> {
    const row = await this.db.selectFrom('devices').select('id').where('licence_key', '=', key).executeTakeFirst();
    return row !== undefined;
  }
}
