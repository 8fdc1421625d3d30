import { randomInt, timingSafeEqual } from 'node:crypto';
import { newNumericCode, newSalt, sha256Hex } from './ids';

const PNR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A PNR: 10 upper-case letters and digits (about 51 random bits). */
export function newPnr(): string {
  let pnr = '';
  for (let i = 0; i < 10; i += 1) pnr += PNR_ALPHABET[randomInt(PNR_ALPHABET.length)];
  return pnr;
}

export const newPin = (): string => newNumericCode(6);

/** A PIN stored as salt$sha256(salt + pin); a fast hash is enough next to the PNR it pairs with. */
export function hashPin(pin: string): string {
  const salt = newSalt();
  return `${salt}$${sha256Hex(salt + pin)}`;
}

export function verifyPin(pin: string, stored: string): boolean {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex) return false;
  const a = Buffer.from(sha256Hex(salt + pin), 'hex');
  const b = Buffer.from(hex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** +8801711000001 -> +88017*****001: enough for the agent to confirm the number. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return phone;
  return `${phone.slice(0, 6)}${'*'.repeat(Math.max(0, phone.length - 9))}${phone.slice(-3)}`;
}
