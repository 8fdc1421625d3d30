import { storedSessionSchema, type SessionProtection, type StoredSession } from '@agent-portal/contract';
import type { KeyValueStore, Logger } from './ports';

/**
 * The session token and the device secret are kept in the store (electron-store)
 * with the best protection the platform has, and always kept (SPEC: the session
 * survives a restart when "remember me" is ticked):
 * os-key-store: encrypted by Electron's safeStorage with the OS key store
 *   (DPAPI, Keychain, libsecret/kwallet);
 * fixed-key: Linux without a key ring ("basic_text"): safeStorage encrypts with
 *   a key written in Chromium's source, so anyone who can read the file can read it;
 * file-only: no encryption at all (safeStorage unavailable, or Linux's backend
 *   "unknown"): only the file's permissions protect it.
 * The licence key is an identifier, not a secret: it is always kept as it is.
 */
export interface CipherPort {
  isAvailable(): Promise<boolean>;
  /** Linux's selected backend (safeStorage.getSelectedStorageBackend()); null on other systems. */
  linuxBackend(): string | null;
  encrypt(plainText: string): Promise<Uint8Array>;
  decrypt(cipherText: Uint8Array): Promise<string>;
}

export const SESSION_KEY = 'secrets.session';
/** Where older versions kept the licence key, encrypted; read once and moved to DEVICE_LICENCE_KEY. */
export const LICENCE_KEY = 'secrets.licenceKey';
export const DEVICE_LICENCE_KEY = 'device.licenceKey';
export const DEVICE_SECRET_KEY = 'secrets.deviceSecret';
/** A value kept without encryption starts with this; an encrypted one is base64 (never a colon). */
const PLAIN_PREFIX = 'plain:';

export class SecretVault {
  private memorySession: StoredSession | null = null;
  private memoryLicenceKey: string | null = null;
  private memoryDeviceSecret: string | null = null;

  constructor(
    private readonly cipher: CipherPort,
    private readonly store: KeyValueStore,
    private readonly logger: Logger,
  ) {}

  private async encryptionAvailable(): Promise<boolean> {
    try {
      return await this.cipher.isAvailable();
    } catch (error) {
      this.logger.warn('secure storage check failed', { error: String(error) });
      return false;
    }
  }

  /** How a kept secret is protected on this computer (shown in Settings). */
  async protection(): Promise<SessionProtection> {
    const backend = this.cipher.linuxBackend();
    // "unknown": no backend was chosen; what encrypts today may not decrypt in the next run.
    if (backend === 'unknown' || !(await this.encryptionAvailable())) return 'file-only';
    return backend === 'basic_text' ? 'fixed-key' : 'os-key-store';
  }

  /** Keeps the session; writes it, as well protected as this computer allows, for "remember me". */
  async saveSession(session: StoredSession): Promise<{ persisted: boolean }> {
    const valid = storedSessionSchema.parse(session);
    this.memorySession = valid;
    if (!valid.rememberMe) {
      // A session that is not to be remembered must not outlive the window, even one remembered before.
      this.store.delete(SESSION_KEY);
      return { persisted: false };
    }
    const persisted = await this.writeSecret(SESSION_KEY, JSON.stringify(valid));
    return { persisted };
  }

  async getSession(): Promise<StoredSession | null> {
    if (this.memorySession) return { ...this.memorySession };
    const text = await this.readSecret(SESSION_KEY);
    if (text === null) return null;
    try {
      const parsed = storedSessionSchema.safeParse(JSON.parse(text));
      if (parsed.success) {
        this.memorySession = parsed.data;
        return { ...parsed.data };
      }
    } catch {
      // fall through: an unreadable session is wiped
    }
    this.store.delete(SESSION_KEY);
    return null;
  }

  clearSession(): void {
    this.memorySession = null;
    this.store.delete(SESSION_KEY);
  }

  /** Called when the main window closes: a session that was not written goes with it. */
  forgetMemorySession(): void {
    this.memorySession = null;
  }

  /** The licence key identifies the device; it is no secret and is always kept, unencrypted. */
  async saveLicenceKey(key: string | null): Promise<void> {
    this.memoryLicenceKey = key;
    this.store.delete(LICENCE_KEY);
    if (key === null) this.store.delete(DEVICE_LICENCE_KEY);
    else this.store.set(DEVICE_LICENCE_KEY, key);
  }

  async getLicenceKey(): Promise<string | null> {
    if (this.memoryLicenceKey !== null) return this.memoryLicenceKey;
    const stored = this.store.get(DEVICE_LICENCE_KEY);
    if (typeof stored === 'string' && stored.length > 0) {
      this.memoryLicenceKey = stored;
      return stored;
    }
    const legacy = await this.readSecret(LICENCE_KEY);
    if (legacy !== null) await this.saveLicenceKey(legacy);
    return legacy;
  }

  /** The secret the server handed this device at its first registration; kept like the session. */
  async saveDeviceSecret(secret: string | null): Promise<void> {
    this.memoryDeviceSecret = secret;
    if (secret === null) {
      this.store.delete(DEVICE_SECRET_KEY);
      return;
    }
    await this.writeSecret(DEVICE_SECRET_KEY, secret);
  }

  async getDeviceSecret(): Promise<string | null> {
    if (this.memoryDeviceSecret !== null) return this.memoryDeviceSecret;
    this.memoryDeviceSecret = await this.readSecret(DEVICE_SECRET_KEY);
    return this.memoryDeviceSecret;
  }

  /** Writes a secret with the best protection there is; false when it stays in memory only. */
  private async writeSecret(key: string, plainText: string): Promise<boolean> {
    if ((await this.protection()) === 'file-only') return this.writePlain(key, plainText);
    try {
      const encrypted = await this.cipher.encrypt(plainText);
      this.store.set(key, Buffer.from(encrypted).toString('base64'));
      return true;
    } catch (error) {
      this.logger.warn('could not encrypt a secret; kept unencrypted', { key, error: String(error) });
      return this.writePlain(key, plainText);
    }
  }

  private writePlain(key: string, plainText: string): boolean {
    try {
      this.store.set(key, `${PLAIN_PREFIX}${plainText}`);
      return true;
    } catch (error) {
      this.logger.warn('could not write a secret; kept in memory only', { key, error: String(error) });
      return false;
    }
  }

  private async readSecret(key: string): Promise<string | null> {
    const stored = this.store.get(key);
    if (typeof stored !== 'string' || stored.length === 0) return null;
    if (stored.startsWith(PLAIN_PREFIX)) return stored.slice(PLAIN_PREFIX.length);
    if (!(await this.encryptionAvailable())) return null;
    try {
      return await this.cipher.decrypt(Buffer.from(stored, 'base64'));
    } catch (error) {
      // The OS key changed (new user profile, restored backup): the secret is gone for good.
      this.logger.warn('could not decrypt a secret; wiped', { key, error: String(error) });
      this.store.delete(key);
      return null;
    }
  }
}
