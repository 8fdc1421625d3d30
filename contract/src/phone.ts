/**
 * One phone number, one spelling. The server stores and compares phone
 * numbers only in this form (passenger memory, a coupon's uses per phone,
 * reservations, SMS), and the portal's phone field accepts exactly what it
 * accepts, so "+8801711223344", "8801711223344", "01711223344" and
 * "0171-122 3344" are one number.
 *
 * - A Bangladeshi mobile, written any of those ways (or with 00 for +, or
 *   without the leading 0), becomes +8801XXXXXXXXX.
 * - Any other number that starts Bangladeshi (+880, 880, 01) is refused: the
 *   PIN goes by SMS, so it must be a mobile, and 01... is a mobile mistyped.
 * - Any other number is kept as written without separators (+ and 6 to 15
 *   digits, or 6 to 15 digits): the server does not know its country.
 */
import { z } from 'zod';

const SEPARATORS = /[\s\-().]/g;
const BD_MOBILE = /^(?:\+?880|0)?(1[3-9]\d{8})$/;
const BD_PREFIX = /^(?:\+?880|01)/;
const INTERNATIONAL = /^\+[1-9]\d{5,14}$/;
const LOCAL = /^\d{6,15}$/;

/** The canonical form of a phone number, or null when it is not one. */
export function canonicalPhone(raw: string): string | null {
  let value = raw.trim().replace(SEPARATORS, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  const mobile = BD_MOBILE.exec(value);
  if (mobile) return `+880${mobile[1] as string}`;
  if (BD_PREFIX.test(value)) return null;
  return INTERNATIONAL.test(value) || LOCAL.test(value) ? value : null;
}

/** A Bangladeshi mobile number, in any spelling canonicalPhone accepts. */
export const isBangladeshiMobile = (raw: string): boolean => canonicalPhone(raw)?.startsWith('+8801') ?? false;

export const PHONE_FIELD_MESSAGE =
  'not a phone number: a Bangladeshi mobile (01XXXXXXXXX, 8801XXXXXXXXX or +8801XXXXXXXXX) or + and the country code';

/** A phone number in a request: validated, then rewritten in its canonical form. */
export const phoneSchema = z
  .string()
  .max(30)
  .refine((value) => canonicalPhone(value) !== null, { message: PHONE_FIELD_MESSAGE })
  .overwrite((value) => canonicalPhone(value) ?? value);
