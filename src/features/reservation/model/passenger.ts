/** Passenger phone rules: Bangladeshi mobiles strictly, other countries by length. */
export interface PassengerValues {
  countryCode: string;
  phone: string;
  name: string;
  email?: string;
  remarks?: string;
}

const BD_MOBILE = /^(?:\+?880)?01[3-9]\d{8}$/;
const ANY_PHONE = /^\+?\d{6,15}$/;

/** Spaces and dashes are how people read numbers out; the server wants digits. */
export const normalisePhone = (phone: string) => phone.replace(/[\s-]/g, '');

export function isValidPhone(phone: string, countryCode: string): boolean {
  const value = normalisePhone(phone);
  return countryCode === 'BD' ? BD_MOBILE.test(value) : ANY_PHONE.test(value);
}

/** A number long enough to be someone's: worth looking up. */
export function isCompletePhone(phone: string, countryCode: string): boolean {
  const value = normalisePhone(phone);
  return isValidPhone(value, countryCode) && (countryCode === 'BD' || value.replace('+', '').length >= 8);
}
