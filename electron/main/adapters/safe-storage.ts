import { safeStorage } from 'electron';
import type { CipherPort } from '../services/secret-vault';

/** The OS key store (DPAPI, Keychain, libsecret/kwallet) through Electron's safeStorage. */
export const safeStorageCipher: CipherPort = {
  isAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
  linuxBackend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null),
  encrypt: (plainText) => safeStorage.encryptStringAsync(plainText),
  decrypt: async (cipherText) => (await safeStorage.decryptStringAsync(Buffer.from(cipherText))).result,
};
