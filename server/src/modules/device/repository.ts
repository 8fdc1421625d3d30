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
    await this.db
      .insertInto('devices')
      .values(row)
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  }

  async update(
    deviceId: string,
    changes: Partial<Pick<DeviceRow, 'status' | 'licence_key' | 'updated_at'>>,
  ): Promise<void> {
    await this.db.updateTable('devices').set(changes).where('device_id', '=', deviceId).execute();
  }

  /** Gives a device registered before device secrets its secret; false when another registration got there first. */
  async claimSecret(deviceId: string, secretHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set({ secret_hash: secretHash, updated_at: now })
      .where('device_id', '=', deviceId)
      .where('secret_hash', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Binds an approved device to the install `uuidHash` (its first sign-in after approval); false if one is bound. */
  async bind(deviceId: string, uuidHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set({ bound_uuid_hash: uuidHash, bound_at: now, updated_at: now })
      .where('device_id', '=', deviceId)
      .where('bound_uuid_hash', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Forgets the install a device is bound to (a reinstalled PC): the next sign-in binds again. */
  async unbind(deviceId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set({ bound_uuid_hash: null, bound_at: null, updated_at: now })
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async licenceKeyExists(key: string): Promise<boolean> {
    const row = await this.db.selectFrom('devices').select('id').where('licence_key', '=', key).executeTakeFirst();
    return row !== undefined;
  }
}
