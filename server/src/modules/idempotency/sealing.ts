import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sha256Hex } from '../../lib/ids';

/**
 * A stored answer may carry a PIN (a sale's answer does), and the table is
 * read by anyone who reads the database or a backup. So the table keeps
 * neither the Idempotency-Key nor the answer in clear: the row is found by a
 * hash of the key, and the answer is sealed (AES-256-GCM) with a key derived
 * from the Idempotency-Key, which only the client that sent it holds. The
 * request's hash is keyed the same way: a ticket operation's body holds its
 * PIN, and a plain hash of it would give the PIN away in a million tries.
 */

const VERSION = 'v1';

/** The row's key column: the client's key, hashed with its user. */
export function lookupKeyOf(userId: number, key: string): string {
  return sha256Hex(`idempotency:${userId}:${key}`);
}

function sealingKey(userId: number, key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, `agent-portal:${userId}`, 'idempotency-answer', 32));
}

/** The request's fingerprint as stored: keyed by the Idempotency-Key, so it cannot be tried offline. */
export function keyedRequestHash(userId: number, key: string, requestHash: string): string {
  return createHmac('sha256', sealingKey(userId, key)).update(requestHash).digest('hex');
}

export function sealAnswer(userId: number, key: string, answer: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(userId, key), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join('.');
}

export function openAnswer<T>(userId: number, key: string, stored: string): T {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('not a sealed idempotency answer');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(userId, key), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as T;
}
