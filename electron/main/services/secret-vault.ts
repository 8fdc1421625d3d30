import { storedSessionSchema, type StoredSession } from '@agent-portal/contract';
import type { KeyValueStore, Logger } from './ports';

/**
 * Secrets (the session token and the licence key) are encrypted with the
 * operating system's key store before they reach the disk. When there is no
 * real key store (safeStorage unavailable, or Linux's plain-text "basic_text"
 * backend) nothing is written: the session then lives only in memory for the
 * window's life and "remember me" is unavailable.
 */
export interface CipherPort {
  isAvailable(): Promise<boolean>;
  /** Linux's selected backend (safeStorage.getSelectedStorageBackend()); null on other systems. */
  linuxBackend(): string | null;
  encrypt(plainText: string): Promise<Uint8Array>;
  decrypt(cipherText: Uint8Array): Promise<string>;
}

/** Linux backends that do not protect anything: the key sits next to the data, or none was chosen yet. */
const UNSAFE_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export const SESSION_KEY = 'secrets.session';
export const LICENCE_KEY = 'secrets.licenceKey';
export const DEVICE_SECRET_KEY = 'secrets.deviceSecret';

export class SecretVault {
  private memorySession: StoredSession | null = null;
  private memoryLicenceKey: string | null = null;
  private memoryDeviceSecret: string | null = null;

  constructor(
    private readonly cipher: CipherPort,
    private readonly store: KeyValueStore,
    private readonly logger: Logger,
  ) {}

  async canPersist(): Promise<boolean> {
    const backend = this.cipher.linuxBackend();
    if (backend !== null && UNSAFE_LINUX_BACKENDS.has(backend)) return false;
    try {
      return await this.cipher.isAvailable();
    } catch (error) {
      this.logger.warn('secure storage check failed', { error: String(error) });
      return false;
    }
  }

  /** Keeps the session; writes it (encrypted) only for "remember me" on a real key store. */
  async saveSession(session: StoredSession): Promise<{ persisted: boolean }> {
    const valid = storedSessionSchema.parse(session);
    this.memorySession = valid;
    if (!valid.rememberMe || !(await this.canPersist())) {
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

  async saveLicenceKey(key: string | null): Promise<void> {
    this.memoryLicenceKey = key;
    if (key === null) {
      this.store.delete(LICENCE_KEY);
      return;
    }
    if (await this.canPersist()) await this.writeSecret(LICENCE_KEY, key);
  }

  async getLicenceKey(): Promise<string | null> {
    if (this.memoryLicenceKey !== null) return this.memoryLicenceKey;
    this.memoryLicenceKey = await this.readSecret(LICENCE_KEY);
    return this.memoryLicenceKey;
  }

  /** The secret the server handed this device at its first registration; kept like the licence key. */
  async saveDeviceSecret(secret: string | null): Promise<void> {
    this.memoryDeviceSecret = secret;
    if (secret === null) {
      this.store.delete(DEVICE_SECRET_KEY);
      return;
    }
    if (await this.canPersist()) await this.writeSecret(DEVICE_SECRET_KEY, secret);
  }

  async getDeviceSecret(): Promise<string | null> {
    if (this.memoryDeviceSecret !== null) return this.memoryDeviceSecret;
    this.memoryDeviceSecret = await this.readSecret(DEVICE_SECRET_KEY);
    return this.memoryDeviceSecret;
  }

  private async writeSecret(key: string, plainText: string): Promise<boolean> {
    try {
      const encrypted = await this.cipher.encrypt(plainText);
      this.store.set(key, Buffer.from(encrypted).toString('base64'));
      return true;
    } catch (error) {
      this.logger.warn('could not encrypt a secret; kept in memory only', { key, error: String(error) });
      this.store.delete(key);
      return false;
    }
  }

  private async readSecret(key: string): Promise<string | null> {
    const stored = this.store.get(key);
    if (typeof stored !== 'string' || stored.length === 0) return null;
    if (!(await this.canPersist())) return null;
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
