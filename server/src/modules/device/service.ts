import type { DeviceRegistration, DeviceStatus, DeviceType } from '@agent-portal/contract';
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newLicenceKey, newSessionToken, sha256Hex } from '../../lib/ids';
import { AppError } from '../../http/app-error';
import { DeviceRepository } from './repository';

function toRegistration(row: DeviceRow): DeviceRegistration {
  return { deviceId: row.device_id, deviceType: row.device_type, status: row.status, licenceKey: row.licence_key };
}

/** What anyone naming a known device id learns: its status, never its key. */
function withoutKey(row: DeviceRow): DeviceRegistration {
  return { ...toRegistration(row), licenceKey: null };
}

function secretMatches(secret: string | undefined, hash: string | null): boolean {
  if (secret === undefined || hash === null) return false;
  const given = Buffer.from(sha256Hex(secret));
  const stored = Buffer.from(hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
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

  /**
   * Registers a device, or answers the current state of one already known.
   * The registration that creates the device is handed a deviceSecret (kept
   * as its hash) with the licence key; later registrations get the key only
   * with that secret, anyone else just the status, since device ids are not
   * secret. A device registered before secrets existed is handed one by its
   * next registration (once: the first to come gets it).
   */
  async register(deviceId: string, deviceType: DeviceType, deviceSecret?: string): Promise<DeviceRegistration> {
    const now = this.clock.now().toISOString();
    const existing = await this.repo.findByDeviceId(deviceId);
    if (existing) {
      if (secretMatches(deviceSecret, existing.secret_hash)) return toRegistration(existing);
      if (existing.secret_hash === null) {
        const secret = newSessionToken();
        if (await this.repo.claimSecret(deviceId, sha256Hex(secret), now))
          return { ...toRegistration(existing), deviceSecret: secret };
      }
      return withoutKey(existing);
    }
    const secret = newSessionToken();
    const approved = this.config.deviceAutoApprove;
    await this.repo.insertIfAbsent({
      device_id: deviceId,
      device_type: deviceType,
      status: approved ? 'APPROVED' : 'PENDING',
      licence_key: approved ? await this.uniqueLicenceKey() : null,
      registered_at: now,
      updated_at: now,
      secret_hash: sha256Hex(secret),
    });
    const row = await this.repo.findByDeviceId(deviceId);
    if (!row) throw new AppError('MOBILE_DEVICE_REGISTRATION_FAILED');
    // A racing registration of the same id may have created it first: then this one is anyone else.
    return secretMatches(secret, row.secret_hash) ? { ...toRegistration(row), deviceSecret: secret } : withoutKey(row);
  }

  /** The status of a registered device, or null for one never registered (a browser). */
  async statusOf(deviceId: string): Promise<DeviceStatus | null> {
    const row = await this.repo.findByDeviceId(deviceId);
    return row?.status ?? null;
  }

  /**
   * A login's device check: a PENDING device is refused (INVALID_DEVICE_ACCESS),
   * an INACTIVE one too (DEVICE_INACTIVE). With device approval on
   * (DEVICE_AUTO_APPROVE=false) a login naming no device, or a device never
   * registered, is an unapproved device; otherwise a browser signs in without one.
   */
  async assertMaySignIn(deviceId: string | undefined): Promise<void> {
    const status = deviceId ? await this.statusOf(deviceId) : null;
    if (status === 'INACTIVE') throw new AppError('DEVICE_INACTIVE');
    if (status === 'PENDING') throw new AppError('INVALID_DEVICE_ACCESS');
    if (status === null && !this.config.deviceAutoApprove)
      throw new AppError('INVALID_DEVICE_ACCESS', undefined, 'This counter needs an approved device');
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
