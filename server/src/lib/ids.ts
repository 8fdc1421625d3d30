import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token: 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

const LICENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A licence key like APL-7K3M-Q9XD-2H4N-WT8R: 80 random bits, no look-alike characters. */
export function newLicenceKey(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += LICENCE_ALPHABET[randomInt(LICENCE_ALPHABET.length)];
    groups.push(group);
  }
  return `APL-${groups.join('-')}`;
}

/** A numeric one-time code of `length` digits, uniformly drawn. */
export function newNumericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** A short random salt for hashing low-entropy secrets (OTP codes). */
export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}
