import type { DeviceRegistration, DeviceStatus, DeviceType } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newLicenceKey } from '../../lib/ids';
import { AppError } from '../../http/app-error';
import { DeviceRepository } from './repository';

function toRegistration(row: DeviceRow): DeviceRegistration {
  return { deviceId: row.device_id, deviceType: row.device_type, status: row.status, licenceKey: row.licence_key };
}

export class DeviceService {
  private readonly repo: DeviceRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {
    this.repo = new DeviceRepository(db);
  }

  private async uniqueLicenceKey(): Promise<string> {
    for (let i = 0; i < 5; i += 1) {
      const key = newLicenceKey();
      if (!(await this.repo.licenceKeyExists(key))) return key;
    }
    throw new Error('could not draw a unique licence key');
  }

  /** Registers a device, or answers the current state of one already known (idempotent). */
  async register(deviceId: string, deviceType: DeviceType): Promise<DeviceRegistration> {
    const existing = await this.repo.findByDeviceId(deviceId);
    if (existing) return toRegistration(existing);
    const now = this.clock.now().toISOString();
    const approved = this.config.deviceAutoApprove;
    await this.repo.insertIfAbsent({
      device_id: deviceId,
      device_type: deviceType,
      status: approved ? 'APPROVED' : 'PENDING',
      licence_key: approved ? await this.uniqueLicenceKey() : null,
      registered_at: now,
      updated_at: now,
    });
    const row = await this.repo.findByDeviceId(deviceId);
    if (!row) throw new AppError('MOBILE_DEVICE_REGISTRATION_FAILED');
    return toRegistration(row);
  }

  /** The status of a registered device, or null for one never registered (a browser). */
  async statusOf(deviceId: string): Promise<DeviceStatus | null> {
    const row = await this.repo.findByDeviceId(deviceId);
    return row?.status ?? null;
  }

  listAll(): Promise<DeviceRow[]> {
    return this.repo.listAll();
  }

  /** Operator: sets a device's status; approval issues a licence key once. */
  async setStatus(deviceId: string, status: DeviceStatus): Promise<DeviceRow> {
    const row = await this.repo.findByDeviceId(deviceId);
    if (!row) throw new AppError('DEVICE_NOT_FOUND', { deviceId });
    const licenceKey = status === 'APPROVED' && !row.licence_key ? await this.uniqueLicenceKey() : row.licence_key;
    await this.repo.update(deviceId, { status, licence_key: licenceKey, updated_at: this.clock.now().toISOString() });
    const updated = await this.repo.findByDeviceId(deviceId);
    if (!updated) throw new AppError('DEVICE_NOT_FOUND', { deviceId });
    return updated;
  }
}
