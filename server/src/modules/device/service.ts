import type { DeviceRegistration, DeviceStatus, DeviceType } from '@agent-portal/contract';
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Units } from '../../db/units';
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

/** Compares hex digests without leaking how much of them matched. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function secretMatches(secret: string | undefined, hash: string | null): boolean {
  if (secret === undefined || hash === null) return false;
  const given = Buffer.from(sha256Hex(secret));
  const stored = Buffer.from(hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export class DeviceService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  private async uniqueLicenceKey(): Promise<string> {
    for (let i = 0; i < 5; i += 1) {
      const key = newLicenceKey();
      if (!(await this.units.read((r) => r.repo(DeviceRepository).licenceKeyExists(key)))) return key;
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
    const existing = await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(deviceId));
    if (existing) {
      if (secretMatches(deviceSecret, existing.secret_hash)) return toRegistration(existing);
      if (existing.secret_hash === null) {
        const secret = newSessionToken();
        if (await this.units.run((uow) => uow.repo(DeviceRepository).claimSecret(deviceId, sha256Hex(secret), now)))
          return { ...toRegistration(existing), deviceSecret: secret };
      }
      return withoutKey(existing);
    }
    const secret = newSessionToken();
    const approved = this.config.deviceAutoApprove;
    const licenceKey = approved ? await this.uniqueLicenceKey() : null;
    await this.units.run((uow) =>
      uow.repo(DeviceRepository).insertIfAbsent({
        device_id: deviceId,
        device_type: deviceType,
        status: approved ? 'APPROVED' : 'PENDING',
        licence_key: licenceKey,
        registered_at: now,
        updated_at: now,
        secret_hash: sha256Hex(secret),
        bound_uuid_hash: null,
        bound_at: null,
      }),
    );
    const row = await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(deviceId));
    if (!row) throw new AppError('MOBILE_DEVICE_REGISTRATION_FAILED');
    // A racing registration of the same id may have created it first: then this one is anyone else.
    return secretMatches(secret, row.secret_hash) ? { ...toRegistration(row), deviceSecret: secret } : withoutKey(row);
  }

  /**
   * A login's device check: a PENDING device is refused (INVALID_DEVICE_ACCESS),
   * an INACTIVE one too (DEVICE_INACTIVE). With device approval on
   * (DEVICE_AUTO_APPROVE=false) a login naming no device, or a device never
   * registered, is an unapproved device; otherwise a browser signs in without one.
   *
   * An approved device is a machine, not an id (issue #32, item 3): the id is
   * shown on the sign-in screen and the About panel, the install's uuid never
   * is. The first sign-in after approval binds the device to the uuid it sends
   * (kept as its hash, trust on first use); from then on a sign-in naming the
   * id with another uuid, or none, is INVALID_DEVICE_ACCESS. The operator sees
   * the binding (`devices`) and clears it for a reinstalled PC
   * (`device reset-binding`). Runs only after the password was right, so only
   * a real user's sign-in binds.
   */
  async assertMaySignIn(deviceId: string | undefined, uuid?: string): Promise<void> {
    const row = deviceId ? await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(deviceId)) : undefined;
    const status = row?.status ?? null;
    if (status === 'INACTIVE') throw new AppError('DEVICE_INACTIVE');
    if (status === 'PENDING') throw new AppError('INVALID_DEVICE_ACCESS');
    if (status === null && !this.config.deviceAutoApprove)
      throw new AppError('INVALID_DEVICE_ACCESS', undefined, 'This counter needs an approved device');
    if (row && status === 'APPROVED') await this.assertBoundTo(row, uuid);
  }

  private async assertBoundTo(row: DeviceRow, uuid: string | undefined): Promise<void> {
    const refused = () =>
      new AppError('INVALID_DEVICE_ACCESS', undefined, 'This device is approved for another install');
    if (uuid === undefined) throw refused();
    const uuidHash = sha256Hex(`device-install:${uuid}`);
    let bound = row.bound_uuid_hash;
    if (bound === null) {
      if (
        await this.units.run((uow) =>
          uow.repo(DeviceRepository).bind(row.device_id, uuidHash, this.clock.now().toISOString()),
        )
      )
        return;
      // Another sign-in bound it first: this one must be the same install.
      bound =
        (await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(row.device_id)))?.bound_uuid_hash ?? null;
    }
    if (bound === null || !sameHash(uuidHash, bound)) throw refused();
  }

  /** Operator: forgets the install a device is bound to; the next sign-in from it binds again. */
  async resetBinding(deviceId: string): Promise<DeviceRow> {
    if (!(await this.units.run((uow) => uow.repo(DeviceRepository).unbind(deviceId, this.clock.now().toISOString()))))
      throw new AppError('DEVICE_NOT_FOUND', { deviceId });
    const row = await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(deviceId));
    if (!row) throw new AppError('DEVICE_NOT_FOUND', { deviceId });
    return row;
  }

  listAll(): Promise<DeviceRow[]> {
    return this.units.read((r) => r.repo(DeviceRepository).listAll());
  }

  /** Operator: sets a device's status; approval issues a licence key once. */
  async setStatus(deviceId: string, status: DeviceStatus): Promise<DeviceRow> {
    const row = await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(deviceId));
    if (!row) throw new AppError('DEVICE_NOT_FOUND', { deviceId });
    const licenceKey = status === 'APPROVED' && !row.licence_key ? await this.uniqueLicenceKey() : row.licence_key;
    await this.units.run((uow) =>
      uow
        .repo(DeviceRepository)
        .update(deviceId, { status, licence_key: licenceKey, updated_at: this.clock.now().toISOString() }),
    );
    const updated = await this.units.read((r) => r.repo(DeviceRepository).findByDeviceId(deviceId));
    if (!updated) throw new AppError('DEVICE_NOT_FOUND', { deviceId });
    return updated;
  }
}
