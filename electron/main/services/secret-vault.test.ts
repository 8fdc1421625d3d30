import { describe, expect, it } from 'vitest';
import { memoryStore, silentLogger } from './ports';
import {
  DEVICE_LICENCE_KEY,
  DEVICE_SECRET_KEY,
  LICENCE_KEY,
  SESSION_KEY,
  SecretVault,
  type CipherPort,
} from './secret-vault';

/** A reversible stand-in for safeStorage: the stored text must never be the plain text. */
function fakeCipher(
  overrides: Partial<{ available: boolean; backend: string | null; failDecrypt: boolean }> = {},
): CipherPort {
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
    expect(await vault.protection()).toBe('os-key-store');
    expect(await vault.saveSession(session)).toEqual({ persisted: true });
    expect(typeof store.data[SESSION_KEY]).toBe('string');
    expect(String(store.data[SESSION_KEY])).not.toContain('tok-123');
    expect(Buffer.from(String(store.data[SESSION_KEY]), 'base64').toString()).not.toContain('tok-123');

    const nextRun = new SecretVault(fakeCipher(), store, silentLogger);
    expect(await nextRun.getSession()).toEqual(session);
  });

  it('reports the OS key store where safeStorage has one', async () => {
    expect(await new SecretVault(fakeCipher(), memoryStore(), silentLogger).protection()).toBe('os-key-store');
    expect(
      await new SecretVault(fakeCipher({ backend: 'gnome_libsecret' }), memoryStore(), silentLogger).protection(),
    ).toBe('os-key-store');
  });

  it("keeps the session and the licence key on Linux's basic_text backend, encrypted with its fixed key, and says so", async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher({ backend: 'basic_text' }), store, silentLogger);
    expect(await vault.protection()).toBe('fixed-key');
    expect(await vault.saveSession(session)).toEqual({ persisted: true });
    expect(String(store.data[SESSION_KEY])).not.toContain('tok-123');
    await vault.saveLicenceKey('LIC-1');
    expect(store.data[DEVICE_LICENCE_KEY]).toBe('LIC-1');

    const nextRun = new SecretVault(fakeCipher({ backend: 'basic_text' }), store, silentLogger);
    expect(await nextRun.getSession()).toEqual(session);
    expect(await nextRun.getLicenceKey()).toBe('LIC-1');
  });

  it("keeps the session and the licence key on Linux's unknown backend, unencrypted, and says so", async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher({ backend: 'unknown' }), store, silentLogger);
    expect(await vault.protection()).toBe('file-only');
    expect(await vault.saveSession(session)).toEqual({ persisted: true });
    await vault.saveLicenceKey('LIC-2');
    await vault.saveDeviceSecret('SECRET-2');

    const nextRun = new SecretVault(fakeCipher({ backend: 'unknown' }), store, silentLogger);
    expect(await nextRun.getSession()).toEqual(session);
    expect(await nextRun.getLicenceKey()).toBe('LIC-2');
    expect(await nextRun.getDeviceSecret()).toBe('SECRET-2');
    // A key ring that turns up later still reads what was kept without one.
    expect(await new SecretVault(fakeCipher({ backend: 'gnome_libsecret' }), store, silentLogger).getSession()).toEqual(
      session,
    );
  });

  it('keeps the session unencrypted when safeStorage is unavailable', async () => {
    const store = memoryStore();
    const vault = new SecretVault(fakeCipher({ available: false }), store, silentLogger);
    expect(await vault.protection()).toBe('file-only');
    expect(await vault.saveSession(session)).toEqual({ persisted: true });
    expect(await new SecretVault(fakeCipher({ available: false }), store, silentLogger).getSession()).toEqual(session);
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

  it('keeps the licence key as it is (an identifier, not a secret), and moves one an older version encrypted', async () => {
    const store = memoryStore();
    await new SecretVault(fakeCipher(), store, silentLogger).saveLicenceKey('LIC-XYZ');
    expect(store.data[DEVICE_LICENCE_KEY]).toBe('LIC-XYZ');
    expect(await new SecretVault(fakeCipher(), store, silentLogger).getLicenceKey()).toBe('LIC-XYZ');

    const older = memoryStore({ [LICENCE_KEY]: Buffer.from(await fakeCipher().encrypt('LIC-OLD')).toString('base64') });
    expect(await new SecretVault(fakeCipher(), older, silentLogger).getLicenceKey()).toBe('LIC-OLD');
    expect(older.data).toEqual({ [DEVICE_LICENCE_KEY]: 'LIC-OLD' });
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
