/**
 * Password hashing with Node's scrypt (no native add-on). Stored format is
 * self-describing so the cost can change without invalidating old hashes:
 *   scrypt$<log2N>$<r>$<p>$<salt base64url>$<hash base64url>
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function optionsFor(log2N: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2N;
  // scrypt needs about 128 * N * r bytes; leave headroom over Node's 32 MiB default.
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, optionsFor(log2N, BLOCK_SIZE, PARALLELISM));
  return ['scrypt', log2N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, log2N, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashText, 'base64url');
  const key = await derive(
    password,
    Buffer.from(saltText, 'base64url'),
    optionsFor(Number(log2N), Number(r), Number(p)),
  );
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/**
 * A stored hash made with other parameters than scrypt at `log2N` (r 8, p 1) today: make it again at the next login.
 */
export function needsRehash(stored: string, log2N: number): boolean {
  const parts = stored.split('$');
  return (
    parts[0] !== 'scrypt' ||
    Number(parts[1]) !== log2N ||
    Number(parts[2]) !== BLOCK_SIZE ||
    Number(parts[3]) !== PARALLELISM
  );
}
