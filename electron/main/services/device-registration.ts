import { createHash } from 'node:crypto';
import {
  deviceApi,
  deviceRegistrationResponseSchema,
  type DeviceInfo,
  type DeviceStatus,
} from '@agent-portal/contract';
import type { KeyValueStore, Logger } from './ports';

/**
 * Registers this installation with the agency server as an AGENT_ELECTRON
 * device: 500 ms after start it posts {deviceId, deviceType} to
 * /api/mobileDevices/register (with the device secret it was handed the
 * first time) and keeps the status, licence key and secret. A
 * failure is reported as MOBILE_DEVICE_REGISTRATION_FAILED and retried with
 * backoff; nothing here ever blocks the window. A change of server address
 * starts over against the new server.
 */

export interface HttpPort {
  postJson(url: string, body: unknown, options: { timeoutMs: number }): Promise<{ status: number; body: unknown }>;
}

export interface MachineIdPort {
  /** The operating system's machine id, unhashed. */
  rawId(): Promise<string>;
}

/**
 * The licence key, and the device secret the server hands to the first
 * registration of this device: only with it does the server answer the
 * licence key again (a pending device picks its key up once approved).
 */
export interface LicenceKeyStore {
  getLicenceKey(): Promise<string | null>;
  saveLicenceKey(key: string | null): Promise<void>;
  getDeviceSecret(): Promise<string | null>;
  saveDeviceSecret(secret: string | null): Promise<void>;
}

export const REGISTRATION_FAILED = 'MOBILE_DEVICE_REGISTRATION_FAILED';
export const DEVICE_TYPE = 'AGENT_ELECTRON' as const;
export const UUID_KEY = 'device.uuid';
export const STATUS_KEY = 'device.status';
export const DEVICE_ID_KEY = 'device.id';

export interface RegistrationTiming {
  startDelayMs: number;
  /** Waits between failed attempts; the last one repeats. */
  retryDelaysMs: readonly number[];
  /** How often a PENDING device asks again, to pick up its approval and licence key. */
  pendingRecheckMs: number;
  requestTimeoutMs: number;
  /** Reading the machine id runs a system command; it must not hold getDeviceInfo up. */
  machineIdTimeoutMs: number;
}

export const DEFAULT_TIMING: RegistrationTiming = {
  startDelayMs: 500,
  retryDelaysMs: [5_000, 15_000, 60_000, 5 * 60_000],
  pendingRecheckMs: 10 * 60_000,
  requestTimeoutMs: 15_000,
  machineIdTimeoutMs: 5_000,
};

/** The device id: SHA-256 of the machine id, hex. Stable across runs and never the raw id. */
export function hashMachineId(rawId: string): string {
  return createHash('sha256').update(rawId.trim()).digest('hex');
}

export interface DeviceRegistrationDeps {
  http: HttpPort;
  machineId: MachineIdPort;
  store: KeyValueStore;
  licenceKeys: LicenceKeyStore;
  serverUrl: () => string;
  randomUuid: () => string;
  logger: Logger;
  timing?: Partial<RegistrationTiming>;
}

export class DeviceRegistrationService {
  private readonly timing: RegistrationTiming;
  private deviceIdPromise: Promise<string> | null = null;
  private status: DeviceStatus | null;
  private registrationError: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  /** Bumped on every restart so an answer from the old server is ignored. */
  private generation = 0;
  private stopped = true;

  constructor(private readonly deps: DeviceRegistrationDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
    const stored = deps.store.get(STATUS_KEY);
    this.status = stored === 'PENDING' || stored === 'APPROVED' || stored === 'INACTIVE' ? stored : null;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.timing.startDelayMs);
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.clearTimer();
  }

  /** The server address changed: what the old server said no longer applies. */
  restart(): void {
    this.generation++;
    this.failures = 0;
    this.status = null;
    this.registrationError = null;
    this.deps.store.delete(STATUS_KEY);
    void this.deps.licenceKeys.saveLicenceKey(null);
    void this.deps.licenceKeys.saveDeviceSecret(null);
    this.stopped = false;
    this.schedule(this.timing.startDelayMs);
  }

  async info(): Promise<DeviceInfo> {
    return {
      deviceId: await this.deviceId(),
      deviceType: DEVICE_TYPE,
      uuid: this.uuid(),
      status: this.status,
      licenceKey: await this.deps.licenceKeys.getLicenceKey(),
      registrationError: this.registrationError,
    };
  }

  /** One registration attempt; schedules the next one. Never throws. */
  async registerNow(): Promise<void> {
    const generation = this.generation;
    this.clearTimer();
    try {
      const deviceId = await this.deviceId();
      const deviceSecret = await this.deps.licenceKeys.getDeviceSecret();
      const url = `${this.deps.serverUrl()}${deviceApi.register.path}`;
      const response = await this.deps.http.postJson(
        url,
        { deviceId, deviceType: DEVICE_TYPE, ...(deviceSecret === null ? {} : { deviceSecret }) },
        { timeoutMs: this.timing.requestTimeoutMs },
      );
      if (generation !== this.generation) return;
      if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
      const parsed = deviceRegistrationResponseSchema.safeParse(response.body);
      if (!parsed.success) throw new Error('unexpected registration response');
      this.status = parsed.data.status;
      this.registrationError = null;
      this.failures = 0;
      this.deps.store.set(STATUS_KEY, parsed.data.status);
      if (parsed.data.deviceSecret !== undefined)
        await this.deps.licenceKeys.saveDeviceSecret(parsed.data.deviceSecret);
      // The key comes with the first registration or with the secret; otherwise the one kept stays.
      if (parsed.data.licenceKey !== null) await this.deps.licenceKeys.saveLicenceKey(parsed.data.licenceKey);
      this.deps.logger.info('device registered', { status: parsed.data.status });
      if (parsed.data.status === 'PENDING') this.schedule(this.timing.pendingRecheckMs);
    } catch (error) {
      if (generation !== this.generation) return;
      this.registrationError = REGISTRATION_FAILED;
      const delays = this.timing.retryDelaysMs;
      const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 60_000;
      this.failures++;
      this.deps.logger.warn('device registration failed; will retry', { error: String(error), retryInMs: delay });
      this.schedule(delay);
    }
  }

  private deviceId(): Promise<string> {
    this.deviceIdPromise ??= withDeadline(this.deps.machineId.rawId(), this.timing.machineIdTimeoutMs)
      .then((raw) => {
        if (raw.trim().length === 0) throw new Error('empty machine id');
        const id = hashMachineId(raw);
        this.deps.store.set(DEVICE_ID_KEY, id);
        return id;
      })
      .catch((error: unknown) => {
        // No machine id this time (a hung system call, some containers): the id
        // this installation had before stays, so the server keeps seeing one
        // device; a first run without one uses the installation's uuid, hashed.
        const known = this.deps.store.get(DEVICE_ID_KEY);
        this.deps.logger.warn('machine id unavailable', {
          error: String(error),
          usingStoredId: typeof known === 'string',
        });
        return typeof known === 'string' && /^[0-9a-f]{64}$/.test(known)
          ? known
          : hashMachineId(`installation:${this.uuid()}`);
      });
    return this.deviceIdPromise;
  }

  private uuid(): string {
    const stored = this.deps.store.get(UUID_KEY);
    if (typeof stored === 'string' && stored.length > 0) return stored;
    const created = this.deps.randomUuid();
    this.deps.store.set(UUID_KEY, created);
    return created;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.registerNow();
    }, delayMs);
    // A pending retry must never keep the process alive on quit.
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
