/** Passenger phone rules: the contract's, so the field accepts exactly what the server does. */
import { canonicalPhone, isBangladeshiMobile } from '@agent-portal/contract';

export interface PassengerValues {
  countryCode: string;
  phone: string;
  name: string;
  email?: string;
  remarks?: string;
}

/** Spaces and dashes are how people read numbers out; the server rewrites the rest into its one canonical form. */
export const normalisePhone = (phone: string) => phone.replace(/[\s-]/g, '');

/**
 * The server's own rule (contract canonicalPhone): a Bangladeshi mobile in
 * any spelling (01..., 8801..., +8801...) for BD, any number the server
 * accepts for other countries.
 */
export function isValidPhone(phone: string, countryCode: string): boolean {
  return countryCode === 'BD' ? isBangladeshiMobile(phone) : canonicalPhone(phone) !== null;
}

/** A number long enough to be someone's: worth looking up. */
export function isCompletePhone(phone: string, countryCode: string): boolean {
  const value = normalisePhone(phone);
  return isValidPhone(value, countryCode) && (countryCode === 'BD' || value.replace('+', '').length >= 8);
}
