import { describe, expect, it } from 'vitest';
import { memoryStore, silentLogger } from './ports';
import { DEVICE_SECRET_KEY, LICENCE_KEY, SESSION_KEY, SecretVault, type CipherPort } from './secret-vault';

/** A reversible stand-in for safeStorage: the stored text must never be the plain text. */
function fakeCipher(overrides: Partial<{ available: boolean; backend: string | null; failDecrypt: boolean }> = {}): CipherPort {
  const { available = true, backend = null, failDecrypt = false } = overrides;
  return {
    isAvailable: async () => available,
    linuxBackend: () => backend,
    encrypt: async (plain) => Buffer.from(`enc:${Buffer.from(plain).reverse().toString('hex')}`),
    decrypt: async (cipher) => {
      if (failDecrypt) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      const text = Buffer.from(cipher).toString();
      return Buffer.from(text.slice(4), 'hex').reverse().toString();
    },
  };
}

const session = { token: 'tok-123', companyId: 7, rememberMe: true };

describe('secret vault', () => {
  it('encrypts a remembered session before storing it and reads it back in a new run', async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher(), store, silentLogger);
    expect(await vault.canPersist()).toBe(true);
    expect(await vault.saveSession(session)).toEqual({ persisted: true });
    expect(typeof store.data[SESSION_KEY]).toBe('string');
    expect(String(store.data[SESSION_KEY])).not.toContain('tok-123');
    expect(Buffer.from(String(store.data[SESSION_KEY]), 'base64').toString()).not.toContain('tok-123');

    const nextRun = new SecretVault(fakeCipher(), store, silentLogger);
    expect(await nextRun.getSession()).toEqual(session);
  });

  it("refuses to store secrets on Linux's plain-text backend: memory only, remember-me unavailable", async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher({ backend: 'basic_text' }), store, silentLogger);
    expect(await vault.canPersist()).toBe(false);
    expect(await vault.saveSession(session)).toEqual({ persisted: false });
    expect(store.data).toEqual({});
    expect(await vault.getSession()).toEqual(session);

    await vault.saveLicenceKey('LIC-1');
    expect(store.data).toEqual({});
    expect(await vault.getLicenceKey()).toBe('LIC-1');
  });

  it('refuses when safeStorage is unavailable', async () => {
    const vault = new SecretVault(fakeCipher({ available: false }), memoryStore(), silentLogger);
    expect(await vault.canPersist()).toBe(false);
    expect(await vault.saveSession(session)).toEqual({ persisted: false });
  });

  it('keeps a session without remember-me in memory only, for the window’s life', async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher(), store, silentLogger);
    await vault.saveSession(session);
    expect(await vault.saveSession({ ...session, rememberMe: false })).toEqual({ persisted: false });
    expect(store.data[SESSION_KEY]).toBeUndefined();
    expect(await vault.getSession()).toEqual({ ...session, rememberMe: false });
    vault.forgetMemorySession();
    expect(await vault.getSession()).toBeNull();
  });

  it('clearSession wipes memory and disk', async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher(), store, silentLogger);
    await vault.saveSession(session);
    vault.clearSession();
    expect(store.data[SESSION_KEY]).toBeUndefined();
    expect(await vault.getSession()).toBeNull();
    expect(await new SecretVault(fakeCipher(), store, silentLogger).getSession()).toBeNull();
  });

  it('wipes a secret the OS key can no longer decrypt', async () => {
    const store = memoryStore();
    await new SecretVault(fakeCipher(), store, silentLogger).saveSession(session);
    const vault = new SecretVault(fakeCipher({ failDecrypt: true }), store, silentLogger);
    expect(await vault.getSession()).toBeNull();
    expect(store.data[SESSION_KEY]).toBeUndefined();
  });

  it('keeps the licence key encrypted too', async () => {
    const store = memoryStore();
    await new SecretVault(fakeCipher(), store, silentLogger).saveLicenceKey('LIC-XYZ');
    expect(String(store.data[LICENCE_KEY])).not.toContain('LIC-XYZ');
    expect(await new SecretVault(fakeCipher(), store, silentLogger).getLicenceKey()).toBe('LIC-XYZ');
  });

  it('keeps the device secret encrypted, and forgets it on null', async () => {
    const store = memoryStore();
    await new SecretVault(fakeCipher(), store, silentLogger).saveDeviceSecret('SECRET-123');
    expect(String(store.data[DEVICE_SECRET_KEY])).not.toContain('SECRET-123');
    const vault = new SecretVault(fakeCipher(), store, silentLogger);
    expect(await vault.getDeviceSecret()).toBe('SECRET-123');
    await vault.saveDeviceSecret(null);
    expect(store.data).not.toHaveProperty(DEVICE_SECRET_KEY);
    expect(await vault.getDeviceSecret()).toBeNull();
  });
});
