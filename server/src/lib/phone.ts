import { canonicalPhone } from '@agent-portal/contract';
import { fieldError } from './app-error';

/**
 * The canonical form of a phone number (contract/src/phone.ts), or 400
 * VALIDATION_FAILED naming `field`. Request schemas already rewrite phones;
 * services call this too so a caller that skips them (the command line, a
 * test, another service) stores and compares the same form.
 */
export function canonicalPhoneOrFieldError(phone: string, field: string): string {
  const canonical = canonicalPhone(phone);
  if (canonical === null) throw fieldError({ [field]: 'not a phone number' });
  return canonical;
}
